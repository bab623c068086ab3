// What the browser tests share (tests/browser/check.sh runs them): Debian's chromium driven by
// playwright-core opens one botsim page as a file, records every request and script error, and
// hands the test a `check(ok, what)` that prints each check; the process exits 1 when one
// failed. After the test's own checks, the page must have had no script error and fetched
// nothing but itself (one offline file).
//   inPage(WEB_DIR, CHROMIUM, PAGE, WIDTH, async ({tab, url, check}) => { ... })
'use strict';
const path = require('path');

function inPage(web, chromiumPath, page, width, test) {
  const { chromium } = require(path.join(web, 'node_modules', 'playwright-core'));
  let failures = 0;
  const check = (ok, what) => {
    console.log((ok ? 'ok: ' : 'FAILED: ') + what);
    if (!ok) failures++;
  };
  (async () => {
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const tab = await browser.newPage({ viewport: { width, height: 1000 } });
      const url = 'file://' + path.resolve(page);
      const requests = [];
      tab.on('request', (r) => requests.push(r.url()));
      const errors = [];
      tab.on('pageerror', (e) => errors.push(String(e)));
      tab.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      await tab.goto(url);
      await test({ tab, url, check });
      check(errors.length === 0, 'no script error' + (errors.length ? ': ' + errors.join('; ') : ''));
      check(requests.length === 1 && requests[0] === url,
            'the only request is for the page itself: ' + JSON.stringify(requests));
    } finally {
      await browser.close();
    }
    process.exit(failures ? 1 : 0);
  })().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

module.exports = { inPage };
