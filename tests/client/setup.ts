/**
 * Component tests wait up to 5 s (not testing-library's 1 s) for what they look for: the suite runs on a 2-core
 * machine beside the server and browser suites, where a busy moment must not fail a correct screen.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5000 });
