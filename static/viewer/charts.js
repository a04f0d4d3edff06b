// Draws every <div class="chart" data-src="..."> with the Plotly figure its JSON twin
// returns. Runs on load and on every piece of HTML that HTMX swaps in.
(function () {
  "use strict";

  var CONFIG = {
    displaylogo: false,
    responsive: true,
    modeBarButtonsToRemove: ["select2d", "lasso2d", "autoScale2d", "toggleSpikelines"],
  };

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
        return Plotly.newPlot(div, figure.data, figure.layout, CONFIG);
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
