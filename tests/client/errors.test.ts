import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, errorText, statusMessage } from '../../src/client/api/errors.js';
import { MSG } from '../../src/shared/messages.js';

describe('error → message mapping', () => {
  it('shows the server text for an answered request', () => {
    expect(errorMessage(new ApiError(400, 'Old password is incorrect!'))).toBe('Old password is incorrect!');
    expect(errorMessage(new ApiError(409, 'Scores are locked!'), MSG.somethingWrong)).toBe('Scores are locked!');
  });

  it('shows the network fallback when the server never answered', () => {
    expect(errorMessage(new ApiError(0, 'Failed to fetch'))).toBe(MSG.serverNotResponding);
    expect(errorMessage(new ApiError(0, 'timeout'), MSG.somethingWrong)).toBe(MSG.somethingWrong);
    expect(errorMessage(new TypeError('boom'))).toBe(MSG.serverNotResponding);
  });

  it('reads {error} bodies only when they carry text', () => {
    expect(errorText({ error: 'Nope' })).toBe('Nope');
    expect(errorText({ error: '' })).toBeNull();
    expect(errorText({ message: 'ok' })).toBeNull();
    expect(errorText(null)).toBeNull();
  });

  it('names statuses without a body', () => {
    expect(statusMessage(401)).toBe(MSG.notSignedIn);
    expect(statusMessage(403)).toBe(MSG.forbidden);
    expect(statusMessage(404)).toBe(MSG.notFound);
    expect(statusMessage(429)).toBe(MSG.tooManyAttempts);
    expect(statusMessage(418)).toBe(MSG.somethingWrong);
  });
});
