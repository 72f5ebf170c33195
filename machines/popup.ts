/**
 * Popup mode's words and its one convention, beside the machine: the boot's first
 * module reads the convention (a sign-in window's answer) before the machine is evaluated.
 */

/** Ours (the spec names none): what the visitor is told about the sign-in window. */
export const POPUP_NOTICES = {
  blocked: 'Your browser blocked the sign-in window, so this page goes to the provider instead.',
  closed: 'The sign-in window was closed before you finished. Choose a provider to try again.',
  /**
   * A window reads as closed also when the provider's page cut it off from this one
   * (Cross-Origin-Opener-Policy): it may still be open, and its answer still arrives.
   */
  lost: 'The sign-in window was closed, or the provider cut it off from this page. If it is still open, finish there to be signed in here.',
  expired: 'The sign-in in the window expired. Choose a provider to sign in again.',
} as const;

/** The provider's `state` for a sign-in window's flow: the window reads it to know whom to tell. */
export const popupState = (flowId: string) => `zklogin-popup.${flowId}`;
