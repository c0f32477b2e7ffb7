/** The HTML of the sign-in pages. Plain forms, no scripts, readable by a person and by `signInWithPassword`. */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Latchkey dev IdP</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f5f7; margin: 0; }
  main { max-width: 380px; margin: 8vh auto; background: #fff; padding: 28px 32px; border-radius: 10px; box-shadow: 0 2px 10px rgba(0,0,0,.08); }
  h1 { font-size: 1.3rem; margin: 0 0 4px; }
  p.sub { color: #666; margin: 0 0 20px; font-size: .9rem; }
  label { display: block; font-size: .85rem; margin: 12px 0 4px; }
  input[type=email], input[type=password] { width: 100%; box-sizing: border-box; padding: 8px 10px; border: 1px solid #ccc; border-radius: 6px; font-size: 1rem; }
  button { margin-top: 16px; width: 100%; padding: 9px; border: 0; border-radius: 6px; background: #2456d3; color: #fff; font-size: 1rem; cursor: pointer; }
  button.secondary { background: #e8ebf2; color: #223; }
  .error { background: #fdecec; color: #a11; padding: 8px 10px; border-radius: 6px; font-size: .9rem; }
  .note { background: #eef6ee; color: #264; padding: 8px 10px; border-radius: 6px; font-size: .9rem; }
  hr { border: 0; border-top: 1px solid #eee; margin: 22px 0 6px; }
  footer { color: #999; font-size: .75rem; margin-top: 18px; }
</style>
</head>
<body><main>
${body}
<footer>Development identity provider. Not for production use.</footer>
</main></body>
</html>`;
}

export function loginPage(opts: { uid: string; clientName: string; email?: string; error?: string; notice?: string }): string {
  const uid = encodeURIComponent(opts.uid);
  const email = escapeHtml(opts.email ?? '');
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
<p class="sub">to continue to ${escapeHtml(opts.clientName)}</p>
${opts.error ? `<p class="error" role="alert" id="error">${escapeHtml(opts.error)}</p>` : ''}
${opts.notice ? `<p class="note" id="notice">${escapeHtml(opts.notice)}</p>` : ''}
<form id="login-form" method="post" action="/interaction/${uid}/login" autocomplete="on">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" required autofocus value="${email}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" required>
  <button id="sign-in" type="submit">Sign in</button>
</form>
<hr>
<form id="magic-form" method="post" action="/interaction/${uid}/magic">
  <label for="magic-email">Or get a sign-in link by email</label>
  <input id="magic-email" name="email" type="email" required value="${email}">
  <button id="send-link" class="secondary" type="submit">Email me a link</button>
</form>
<form method="get" action="/interaction/${uid}/abort"><button class="secondary" type="submit" id="cancel">Cancel</button></form>`,
  );
}

export function magicSentPage(opts: { uid: string; mailboxUrl: string }): string {
  return layout(
    'Check your email',
    `<h1>Check your email</h1>
<p class="sub">If an account exists for that address, a sign-in link is on its way. Open it in this browser.</p>
<p class="note">Development: the message is in the <a href="${escapeHtml(opts.mailboxUrl)}">mailbox</a>.</p>
<p><a href="/interaction/${encodeURIComponent(opts.uid)}">Back to sign in</a></p>`,
  );
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p class="error" role="alert" id="error">${escapeHtml(message)}</p>`);
}
