/** The four email templates (SPEC §3). Tokens: {{name}}, {{email}}, {{link}} (the product's address). */
import type { EmailTemplateType } from '../../shared/enums.js';

export const EMAIL_TEMPLATES: Record<EmailTemplateType, { subject: string; email: string }> = {
  CreateUser: {
    subject: 'Your Observa account',
    email:
      'Dear {{name}},<br><br>An Observa account has been created for you with the address {{email}}.<br><br>' +
      'Set your own password and sign in here: {{link}}<br><br>The link works once, for 7 days.',
  },
  InitiateObs: {
    subject: 'A teaching observation has been initiated',
    email:
      'Dear {{name}},<br><br>A teaching observation cycle that includes you has been initiated. ' +
      'Please sign in to see the next steps.<br><br>{{link}}',
  },
  UpdateObs: {
    subject: 'Your teaching observation was updated',
    email:
      'Dear {{name}},<br><br>There is an update on your teaching observation. ' +
      'Please sign in to review it and take any action needed.<br><br>{{link}}',
  },
  ObsPrompt: {
    subject: 'Faculty due for a teaching observation',
    email:
      'Dear {{name}},<br><br>These faculty members of {{department}} were never observed or scored below ' +
      '{{threshold}}% in their latest completed observation: {{faculty}}.<br><br>' +
      'Please sign in to initiate their observations: {{link}}',
  },
};
