/**
 * What the visitor's own message must hold to be signed: more than spaces alone (a blank one
 * would be an empty "Signed text"). The machine's guard reads it (account-session.ts), and the
 * form says it beside its field. A module of its own, with no import: the form, in a chunk the
 * page loads later, imports it without taking the machine's modules with it.
 */
export const hasText = (message: string) => message.trim() !== '';
