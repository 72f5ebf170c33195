/**
 * What a page that should long have left for the provider says (the sign-in's wait, and
 * "Stay signed in"'s): one sentence, with the way back each offers. A module of its own, with
 * no imports, so that the first page and the account's screens share it without sharing chunks.
 */
export const stillWaitingFor = (provider: string, wayBack: string) =>
  `Still waiting for ${provider}'s page. If you stopped the browser, or the page does not come, ${wayBack}.`;
