// The report's interactive Gantt chart in a real browser (tests/browser/check.sh runs it):
// Debian's chromium, driven by playwright-core (web/package.json's devDependency), opens the
// page of a small run, moves the mouse over the middle of one bar and reads the tooltip, which
// must name that bar's task, user, host, start and end as tasks.csv has them. The page must
// fetch nothing: the only request the browser makes is for the page itself.
//   node gantt_hover.js WEB_DIR PAGE TASKS_CSV CHROMIUM
'use strict';
const fs = require('fs');
const path = require('path');

const [web, page, tasksCsv, chromiumPath] = process.argv.slice(2);
const { inPage } = require('./page_check');


// tasks.csv's rows as objects (botsim writes no quoted fields in it).
function readCsv(file) {
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
  const header = lines[0].split(',');
  return lines.slice(1).map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(header.map((h, i) => [h, cells[i]]));
  });
}

inPage(web, chromiumPath, page, 1200, async ({ tab, url, check }) => {
  await tab.waitForFunction(() => window.botsimGantt !== undefined, null, { timeout: 20000 });
  await tab.locator('#botsim-gantt').scrollIntoViewIfNeeded();

  // The widest finished bar, and the middle of it in the page: its row's band from the host
  // axis (the distance between two rows' centres), its lane's place in the band as the chart
  // stacks lanes (lane 0 at the top, 0.8 of the band shared by the row's lanes).
  const bar = await tab.evaluate(() => {
    const g = window.botsimGantt, d = g.data;
    let best = -1;
    d.tasks.forEach((t, i) => {
      if (t[1] !== null && (best < 0 || t[1] - t[0] > d.tasks[best][1] - d.tasks[best][0]))
        best = i;
    });
    const t = d.tasks[best];
    const mid = (t[0] + t[1]) / 2 / d.unit_s;
    const at = g.chart.convertToPixel({ xAxisIndex: 0, yAxisIndex: 0 }, [mid, t[2]]);
    const other = g.chart.convertToPixel({ xAxisIndex: 0, yAxisIndex: 0 },
                                         [mid, t[2] === 0 ? 1 : t[2] - 1]);
    const band = Math.abs(at[1] - other[1]), h = 0.8 * band / t[4];
    const box = document.getElementById('botsim-gantt').getBoundingClientRect();
    return { x: box.left + at[0], y: box.top + at[1] - 0.4 * band + (t[3] + 0.5) * h,
             id: d.ids[best], user: d.users[t[6]], host: d.hosts[t[2]], start_s: t[0],
             end_s: t[1], hosts: d.hosts.length };
  });
  check(bar.hosts >= 2, 'the run has at least two hosts (' + bar.hosts + ')');
  const row = readCsv(tasksCsv).find((r) => r.task === bar.id && r.user === bar.user &&
                                           r.host === bar.host &&
                                           Number(r.start_s) === bar.start_s);
  check(row !== undefined && Number(row.end_s) === bar.end_s,
        'the bar aimed at is a row of tasks.csv: task ' + bar.id + ' of ' + bar.user + ' on ' +
        bar.host);

  await tab.mouse.move(bar.x - 40, bar.y - 300);
  await tab.mouse.move(bar.x, bar.y, { steps: 5 });
  let tooltip = '';
  try {
    const handle = await tab.waitForFunction(() => {
      for (const div of document.querySelectorAll('#botsim-gantt div')) {
        const text = div.innerText || '';
        if (text.startsWith('task ') && getComputedStyle(div).visibility !== 'hidden')
          return text;
      }
      return false;
    }, null, { timeout: 5000 });
    tooltip = await handle.jsonValue();
  } catch (e) {
    tooltip = '';
  }
  const lines = tooltip.split('\n').map((l) => l.trim());
  console.log('tooltip: ' + JSON.stringify(lines));
  check(lines[0] === 'task ' + bar.id, 'the tooltip names the task: task ' + bar.id);
  check(lines[1] === 'user ' + bar.user, 'the tooltip names its user: user ' + bar.user);
  check(lines[2] === 'host ' + bar.host, 'the tooltip names its host: host ' + bar.host);
  const seconds = (v) => String(+v.toPrecision(6)) + ' s';
  check(lines.length === 5 && lines[3].startsWith('start ') &&
            lines[3].includes(seconds(bar.start_s)) && lines[4].startsWith('end ') &&
            lines[4].includes(seconds(bar.end_s)),
        'the tooltip gives its start and end with units (' + seconds(bar.start_s) + ', ' +
            seconds(bar.end_s) + ')');

  const fetched = await tab.evaluate(() => performance.getEntriesByType('resource').length);
  check(fetched === 0, 'the page fetched nothing (' + fetched + ' resources)');
});
