// Runs before first paint so the page never flashes the wrong theme.
// Same rule as resolveTheme() in src/lib/theme.ts: saved choice, else system dark or night time.
(function () {
  var saved = null;
  try {
    saved = localStorage.getItem('theme');
  } catch {
    // Storage blocked: fall back to the automatic rule.
  }
  var hour = new Date().getHours();
  var prefersDark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var theme = saved === 'dark' || saved === 'light' ? saved : prefersDark || hour >= 18 || hour <= 6 ? 'dark' : 'light';
  var root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
})();
