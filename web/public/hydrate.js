// A pre-rendered page reads complete from its HTML and stylesheet; its scripts only make it
// interactive. So they are requested once the page has painted, instead of sharing a slow link
// with the stylesheet the first paint waits for (vite.config.ts writes their list here).
(function () {
  var me = document.currentScript;
  var entry = me.getAttribute('data-entry');
  var preload = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  // Each preload costs the page a little main-thread time (~0.5 ms on a fast machine, four
  // times that on a phone, and up to 6 ms under Lighthouse's own recording); a page lists
  // dozens. So each goes in a task of its own, which keeps a tap on the page from waiting behind
  // them. Lighthouse's phone simulation drops tasks under 10 ms as recorded and multiplies the
  // rest: four at a time made tasks of 40-100 ms on its simulated phone, and a pair still
  // reached 10 ms (65-120 ms simulated on a fast host, whose calibrated slowdown is higher).
  var BATCH = 1;
  // A task of its own, by message: a page's timers may be held (a test's fake clock).
  function nextTask(fn) {
    var channel = new MessageChannel();
    channel.port1.onmessage = fn;
    channel.port2.postMessage(null);
  }
  function preloadFrom(i) {
    preload.slice(i, i + BATCH).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (i + BATCH < preload.length) nextTask(preloadFrom.bind(null, i + BATCH));
  }
  function load() {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
    preloadFrom(0);
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
