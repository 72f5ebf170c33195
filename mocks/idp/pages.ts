/**
 * The mock provider's pages: plain HTML forms, no script, readable and keyboard-usable.
 */
import type { MockProvider, TestIdentity } from '../identities.ts';

const LABELS: Record<MockProvider, string> = { google: 'Google', facebook: 'Facebook', twitch: 'Twitch' };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f3f4f6;color:#111827;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:12px;box-shadow:0 1px 3px #0002;padding:2rem;max-width:28rem;width:calc(100% - 2rem)}
h1{font-size:1.3rem;margin:0 0 .25rem}p{color:#374151}
button{display:block;width:100%;text-align:left;font:inherit;padding:.75rem 1rem;margin:.5rem 0;border:1px solid #9ca3af;border-radius:8px;background:#fff;cursor:pointer}
button:hover{background:#eef2ff}button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
button.cancel{text-align:center;color:#374151}.mock{font-size:.8rem;color:#6b7280}.verify{background:#fef3c7;padding:.5rem;border-radius:6px}
small{color:#4b5563}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function renderChooser(provider: MockProvider, query: URLSearchParams, identities: readonly TestIdentity[]): string {
  const label = LABELS[provider];
  const hidden = [...query.entries()]
    .filter(([name]) => name !== 'identity')
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const buttons = identities
    .map(
      (identity) =>
        `<button type="submit" name="identity" value="${escapeHtml(identity.id)}">Continue as ${escapeHtml(identity.name)}<br><small>${escapeHtml(identity.email)}</small></button>`,
    )
    .join('');
  const verify =
    query.get('force_verify') === 'true'
      ? `<p class="verify">${label} asks you to confirm who you are again (force_verify).</p>`
      : '';
  return page(
    `Sign in with ${label} (mock)`,
    `<p class="mock">Built-in mock identity provider: no real account is used.</p>
<h1>Sign in with ${label}</h1><p>Choose a test identity to continue to the app.</p>${verify}
<form method="post">${hidden}${buttons}<button class="cancel" type="submit" name="identity" value="">Cancel</button></form>`,
  );
}

export function renderError(provider: MockProvider, problem: string): string {
  return page(
    `${LABELS[provider]} sign-in error (mock)`,
    `<h1>${LABELS[provider]} could not start the sign-in</h1><p role="alert">${escapeHtml(problem)}</p>`,
  );
}
