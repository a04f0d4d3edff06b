// Draws every <div class="chart" data-src="..."> with the Plotly figure its JSON twin
// returns. Runs on load and on every piece of HTML that HTMX swaps in.
(function () {
  "use strict";

  var CONFIG = {
    displaylogo: false,
    responsive: true,
    modeBarButtonsToRemove: ["select2d", "lasso2d", "autoScale2d", "toggleSpikelines"],
  };

  // On a phone the actors' names would take half the width: they wrap onto short lines, and
  // the date axis gets four short ticks.
  var DAY = 86400000;

  // "Security Information Agency (BIA)" -> lines of about 14 characters, broken at spaces.
  function wrap(name) {
    var lines = [], line = "";
    String(name).split(" ").forEach(function (word) {
      if (line && (line + " " + word).length > 14) { lines.push(line); line = word; }
      else line = line ? line + " " + word : word;
    });
    if (line) lines.push(line);
    return lines.join("<br>");
  }

  function fit(div, figure) {
    var layout = figure.layout;
    if (div.clientWidth >= 560) return layout;
    layout.font = Object.assign({}, layout.font, { size: 12 });
    var range = (layout.xaxis || {}).range;
    var days = range ? (Date.parse(range[1]) - Date.parse(range[0])) / DAY : 60;
    layout.xaxis = Object.assign({}, layout.xaxis, {
      tick0: range ? range[0] : undefined, dtick: Math.max(1, Math.ceil(days / 4)) * DAY, tickformat: "%-d %b", tickangle: 0,
    });
    // A legend entry cannot wrap: a long name is cut (the hover text keeps it whole).
    (figure.data || []).forEach(function (trace) {
      if (trace.name && trace.name.length > 32) trace.name = trace.name.slice(0, 30) + "…";
    });
    if (layout.yaxis && layout.yaxis.type === "category") {
      var names = layout.yaxis.categoryarray || [];
      layout.yaxis = Object.assign({}, layout.yaxis, { tickvals: names, ticktext: names.map(wrap) });
      layout.height = (layout.height || 300) + names.length * 8;
    }
    return layout;
  }

  function draw(div) {
    var src = div.getAttribute("data-src");
    if (!src || div.getAttribute("data-drawn") === src || typeof Plotly === "undefined") return;
    div.setAttribute("data-drawn", src);
    div.classList.add("loading");
    fetch(src, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      })
      .then(function (figure) {
        div.classList.remove("loading");
        div.innerHTML = "";
        return Plotly.newPlot(div, figure.data, fit(div, figure), CONFIG);
      })
      .then(function () {
        div.setAttribute("data-ready", "1");
      })
      .catch(function (error) {
        div.classList.remove("loading");
        div.textContent = "The chart could not be drawn (" + error.message + ").";
      });
  }

  function drawAll(root) {
    (root || document).querySelectorAll("div.chart[data-src]").forEach(draw);
  }

  document.addEventListener("DOMContentLoaded", function () { drawAll(document); });
  document.addEventListener("htmx:load", function (event) { drawAll(event.detail.elt); });
  document.addEventListener("htmx:afterSettle", function (event) { drawAll(event.detail.elt); });
})();
