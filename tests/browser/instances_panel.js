// A cloud run's page in a real browser (tests/browser/check.sh runs it): under the interactive
// Gantt chart and its tasks running, a third panel draws the instances running per type, on
// the same zoom-linked time axis; no script error.
//   node instances_panel.js WEB_DIR PAGE CHROMIUM
'use strict';

const [web, page, chromiumPath] = process.argv.slice(2);
const { inPage } = require('./page_check');

inPage(web, chromiumPath, page, 1200, async ({ tab, check }) => {
  await tab.waitForFunction(() => window.botsimGantt !== undefined, null, { timeout: 20000 });
  const seen = await tab.evaluate(() => {
    const g = window.botsimGantt, o = g.chart.getOption();
    return {
      grids: o.grid.length,
      axis: o.yAxis[2] && o.yAxis[2].name,
      lines: o.series.filter((s) => s.xAxisIndex === 2).map((s) => s.name),
      wanted: g.data.instances.map((r) => r.name),
      zoomed: o.dataZoom[0].xAxisIndex,
      // The most instances at once, as the panel's line of all of them (or its one type) says.
      most: Math.max(...g.data.instances[g.data.instances.length - 1].steps.map((p) => p[1])),
    };
  });
  check(seen.grids === 3 && seen.axis === 'instances running',
        'a third panel, instances running (' + seen.grids + ' grids, ' + seen.axis + ')');
  check(seen.wanted.length > 0 && JSON.stringify(seen.lines) === JSON.stringify(seen.wanted),
        'a line per type: ' + JSON.stringify(seen.lines));
  check(JSON.stringify(seen.zoomed) === '[0,1,2]', 'the time zoom moves all three panels');
  check(seen.most > 0, 'the instances run (' + seen.most + ' at most)');
});
