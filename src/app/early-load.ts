/**
 * Imported first by main.tsx, so it runs before React is evaluated: a page that will
 * restore a session or take a provider's callback needs the sign-in code at once, and
 * its download then overlaps React's start-up instead of following it.
 */
import { isCallbackFragment } from '../zklogin/callback-fragment.ts';
import { anythingStored, runtimeModule } from './lazy-sign-in-actors.ts';

if (anythingStored() || isCallbackFragment(window.location.hash)) void runtimeModule.load().catch(() => {});
