// Sets the remembered colour theme before the first paint, so a dark-theme visitor never sees
// a flash of the light page. Kept as a file (not inline) so the CSP needs no script hash.
// The key and values match src/lib/theme.ts.
(function () {
  var theme = 'light';
  try {
    if (localStorage.getItem('theme') === 'dark') theme = 'dark';
  } catch {
    /* storage blocked: keep the default */
  }
  document.documentElement.setAttribute('data-bs-theme', theme);
})();
