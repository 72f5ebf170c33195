/**
 * The wallet's approval dialog, inside its shadow root: nothing here reaches the page, and
 * nothing of the page's reaches here (the host is reset). Light and dark, like the app.
 *
 * A string in a module of its own, not a stylesheet file: any bundler takes it as it is
 * (a CSS import needs a loader, and each bundler has its own).
 */
export const DIALOG_STYLES = `
:host {
  all: initial;
}

dialog {
  --text: #0f172a;
  --muted: #475569;
  --surface: #ffffff;
  --panel: #f1f5f9;
  --border: #cbd5e1;
  --accent: #1d4ed8;
  --accent-dark: #1e3a8a;
  --danger: #b91c1c;
  --warning: #92400e;
  box-sizing: border-box;
  width: min(34rem, calc(100vw - 2rem));
  max-height: calc(100vh - 2rem);
  overflow: auto;
  /* What focus scrolls to (the message's text) clears the buttons' footer below. */
  scroll-padding-bottom: 5rem;
  margin: auto;
  padding: 1.25rem 1.5rem;
  border: 1px solid var(--border);
  border-radius: 0.75rem;
  background: var(--surface);
  color: var(--text);
  font:
    400 15px/1.5 system-ui,
    -apple-system,
    'Segoe UI',
    Roboto,
    sans-serif;
  box-shadow: 0 20px 50px rgb(15 23 42 / 0.35);
}

dialog:focus {
  outline: none;
}

dialog:focus-visible {
  outline: 3px solid var(--accent);
  outline-offset: 2px;
}

dialog::backdrop {
  background: rgb(15 23 42 / 0.55);
}

h2 {
  margin: 0 0 0.25rem;
  font-size: 1.25rem;
  line-height: 1.3;
}

h3 {
  margin: 1rem 0 0.25rem;
  font-size: 1rem;
}

h4 {
  margin: 0.75rem 0 0.125rem;
  font-size: 0.875rem;
  color: var(--muted);
}

p {
  margin: 0.25rem 0;
  /* A node's reason may hold an object's id: it wraps rather than running out of the dialog. */
  overflow-wrap: anywhere;
}

dl {
  display: grid;
  gap: 0.25rem;
  margin: 0.75rem 0 0;
  padding: 0.75rem;
  border-radius: 0.5rem;
  background: var(--panel);
}

dl > div {
  display: grid;
  grid-template-columns: 6rem 1fr;
  gap: 0.5rem;
}

dt {
  color: var(--muted);
}

dd {
  margin: 0;
  min-width: 0;
}

code,
pre {
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: 0.8125rem;
  overflow-wrap: anywhere;
}

pre {
  max-height: 12rem;
  overflow: auto;
  margin: 0.25rem 0;
  padding: 0.5rem 0.75rem;
  border: 1px solid var(--border);
  border-radius: 0.5rem;
  background: var(--panel);
  white-space: pre-wrap;
}

ul,
ol {
  margin: 0;
  padding-left: 1.25rem;
}

li + li {
  margin-top: 0.25rem;
}

.amount {
  font-weight: 600;
  white-space: nowrap;
}

.out {
  color: var(--danger);
}

.problem {
  color: var(--danger);
  font-weight: 600;
}

.warning {
  color: var(--warning);
  font-weight: 600;
}

/* Kept in sight at the dialog's foot, with what it answers scrolling above it: a transaction's
   commands and effects may run past a small window (the hosted wallet's is 680 px high). Its
   sticky edge is the dialog's padding edge, so it sits a padding lower, on the dialog's border. */
.buttons {
  position: sticky;
  bottom: -1.25rem;
  display: flex;
  justify-content: flex-end;
  gap: 0.75rem;
  margin: 1.25rem -1.5rem -1.25rem;
  padding: 0.75rem 1.5rem 1.25rem;
  border-top: 1px solid var(--border);
  background: var(--surface);
}

button {
  min-width: 6.5rem;
  padding: 0.5rem 1rem;
  border: 1px solid var(--accent);
  border-radius: 0.5rem;
  background: var(--surface);
  color: var(--accent);
  font: inherit;
  font-weight: 600;
  cursor: pointer;
}

button.approve {
  background: var(--accent);
  color: #ffffff;
}

button.approve:hover:not(:disabled) {
  background: var(--accent-dark);
}

button:disabled {
  border-color: var(--border);
  background: var(--panel);
  color: var(--muted);
  cursor: not-allowed;
}

button:focus-visible,
pre:focus-visible {
  outline: 3px solid var(--accent);
  outline-offset: 2px;
}

@media (prefers-color-scheme: dark) {
  dialog {
    --text: #e2e8f0;
    --muted: #94a3b8;
    --surface: #0f172a;
    --panel: #1e293b;
    --border: #334155;
    --accent: #60a5fa;
    --accent-dark: #93c5fd;
    --danger: #fca5a5;
    --warning: #fcd34d;
  }

  button.approve {
    color: #0f172a;
  }
}
`;
