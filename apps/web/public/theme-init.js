// Sets the remembered colour theme before the first paint, so a dark-theme visitor never sees
// a flash of the light page, and colours the browser's bar to match. Kept as a file (not inline)
// so the CSP needs no script hash. The key, values and colours match src/lib/theme.ts.
(function () {
  var barColours = { light: '#e23636', dark: '#111318' };
  function apply(theme) {
    document.documentElement.setAttribute('data-bs-theme', theme);
    // Both theme-color tags (one per system colour scheme): the shop's own choice wins.
    var metas = document.querySelectorAll('meta[name="theme-color"]');
    for (var i = 0; i < metas.length; i++) metas[i].setAttribute('content', barColours[theme]);
  }

  var theme = 'light';
  try {
    if (localStorage.getItem('theme') === 'dark') theme = 'dark';
  } catch {
    /* storage blocked: keep the default */
  }
  apply(theme);

  // A switch turned before the app has started (a page rendered on the server shows it at once)
  // still works: the choice is stored and applied here, and the app reads it when it starts. Once
  // the app runs, it has stored the same choice already (its handler runs first, on #root).
  document.addEventListener('change', function (event) {
    var input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.hasAttribute('data-theme-switch')) return;
    var chosen = input.checked ? 'dark' : 'light';
    try {
      localStorage.setItem('theme', chosen);
    } catch {
      /* storage blocked: this page only */
    }
    apply(chosen);
  });
})();
