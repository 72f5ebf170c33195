/**
 * Popup mode's one convention, beside the machine: the provider's `state` names the sign-in
 * window's flow. The boot's first module reads it (a sign-in window's answer) before the
 * machine is evaluated, so it is a module of its own.
 */

/** The provider's `state` for a sign-in window's flow: the window reads it to know whom to tell. */
export const popupState = (flowId: string) => `zklogin-popup.${flowId}`;
