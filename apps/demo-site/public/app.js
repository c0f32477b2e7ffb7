// The demo page: sign in, show who is signed in, call a backend with the access token, sign out.
/* global LatchkeyAuth */
(function () {
  'use strict';
  var body = document.body;
  var $ = function (id) {
    return document.getElementById(id);
  };

  var auth = LatchkeyAuth.createAuthClient({
    authUrl: body.dataset.authUrl,
    appId: body.dataset.appId,
    onSessionChange: function () {
      render();
    },
    onSessionEnd: function (err) {
      showError('Your session ended (' + err.code + '). Sign in again.');
      render();
    },
  });

  function showError(message) {
    var el = $('error');
    el.textContent = message || '';
    el.hidden = !message;
  }

  function render() {
    var session = auth.getSession();
    $('signed-in').hidden = !session;
    $('signed-out').hidden = !!session;
    body.dataset.state = session ? 'signed-in' : 'signed-out';
    if (!session) {
      $('backend-result').hidden = true;
      return;
    }
    $('user-name').textContent = session.user.name;
    $('user-email').textContent = session.user.email;
    $('user-role').textContent = session.user.role;
    $('workspace-name').textContent = session.workspace.name;
    $('workspace-tier').textContent = session.workspace.tier;
    $('expires-at').textContent = session.expiresAt;
  }

  $('sign-in').addEventListener('click', function () {
    auth.login();
  });

  $('sign-out').addEventListener('click', function () {
    body.dataset.logout = 'pending';
    auth.logout().then(function (result) {
      // Whether auth-central ended the session (the tab is cleared either way).
      body.dataset.logout = result.serverConfirmed ? 'confirmed' : 'unconfirmed';
      showError('');
      render();
    });
  });

  $('call-backend').addEventListener('click', function () {
    var out = $('backend-result');
    out.hidden = false;
    out.textContent = 'Calling…';
    body.dataset.backend = 'pending';
    auth
      .authFetch('/api/me')
      .then(function (res) {
        return res.json().then(function (json) {
          out.textContent = res.status + ' ' + JSON.stringify(json, null, 2);
          body.dataset.backend = res.ok ? 'ok' : 'error';
        });
      })
      .catch(function (err) {
        out.textContent = 'Failed: ' + (err.code || '') + ' ' + err.message;
        body.dataset.backend = 'error';
      });
  });

  auth.handleRedirect().then(render, function (err) {
    if (err && err.loginRestarted) {
      // The client is already on its way to a new sign-in (e.g. TOKEN_EXPIRED: the link was older than 60 s).
      showError('The sign-in took too long (' + err.code + '). Signing you in again…');
      body.dataset.state = 'restarting';
      return;
    }
    if (err && err.restartLogin) {
      showError('The sign-in did not complete (' + err.code + '). Please sign in again.');
    } else {
      showError('Sign-in failed: ' + (err && err.message));
    }
    render();
  });
})();
