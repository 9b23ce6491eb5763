// A pre-rendered page reads complete from its HTML and stylesheet; its scripts only make it
// interactive. So they are requested once the page has painted, instead of sharing a slow link
// with the stylesheet the first paint waits for (vite.config.ts writes their list here).
(function () {
  var me = document.currentScript;
  var entry = me.getAttribute('data-entry');
  var preload = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function load() {
    preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  var loaded = false;
  function loadOnce() {
    if (loaded) return;
    loaded = true;
    load();
  }
  // Once the first contentful paint is on screen. A hidden tab paints nothing: load at once
  // there, and when a tab is hidden before its paint; a browser without paint timing loads
  // after the first frame.
  var observes = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState !== 'visible') loadOnce();
  else if (observes && observes.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      loadOnce();
    }).observe({ type: 'paint', buffered: true });
    document.addEventListener('visibilitychange', loadOnce, { once: true });
  } else
    requestAnimationFrame(function () {
      setTimeout(loadOnce, 0);
    });
})();
