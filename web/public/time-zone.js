// Answers the browser's time zone to the page that started it (web/src/api/server-reads.ts). Read
// here, off the page's thread: the first date formatter a page builds loads the zone data, tens of
// milliseconds on a phone, which the investor area's first screen may not otherwise need.
var zone = '';
try {
  zone = Intl.DateTimeFormat().resolvedOptions().timeZone || '';
} catch (e) {
  zone = '';
}
postMessage(zone);
