// The date slider moves the date input with it: the form (HTMX, or a plain GET without
// JavaScript) then sends the chosen day. Delegated, so it survives HTMX swaps.
(function () {
  "use strict";

  function dayToDate(start, offset) {
    var d = new Date(start + "T00:00:00Z");
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  }

  function label(iso) {
    var d = new Date(iso + "T00:00:00Z");
    return d.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  }

  document.addEventListener("input", function (event) {
    var slider = event.target;
    if (!slider.matches || !slider.matches("input[type=range][data-start]")) return;
    var iso = dayToDate(slider.dataset.start, parseInt(slider.value, 10));
    var form = slider.form;
    var dateInput = form && form.querySelector("input[type=date][name=as_of]");
    if (dateInput) dateInput.value = iso;
    slider.setAttribute("aria-valuetext", label(iso));
  });
})();
