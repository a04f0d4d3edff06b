// Days are written one way everywhere, "20 Mar 2025", the date inputs too: with JavaScript a
// date input becomes a text field in that format (ISO "2025-03-20" is understood as well)
// over a hidden field that sends the ISO day; without it, the browser's own date input stays.
// The date slider moves the date with it. Delegated, so it survives HTMX swaps.
(function () {
  "use strict";

  var MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function show(iso) {
    var m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso || "");
    return m ? parseInt(m[3], 10) + " " + MONTHS[parseInt(m[2], 10) - 1] + " " + m[1] : iso || "";
  }

  function parse(text) {
    text = (text || "").trim();
    var iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
    var day, month, year;
    if (iso) { year = +iso[1]; month = +iso[2]; day = +iso[3]; }
    else {
      var words = /^(\d{1,2})\.?\s+([A-Za-z]{3})[A-Za-z]*\.?,?\s+(\d{4})$/.exec(text);
      if (!words) return null;
      day = +words[1]; year = +words[3];
      month = MONTHS.map(function (m) { return m.toLowerCase(); }).indexOf(words[2].toLowerCase()) + 1;
    }
    var d = new Date(Date.UTC(year, month - 1, day));
    if (!month || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
    return year + "-" + pad(month) + "-" + pad(day);
  }

  function dayToDate(start, offset) {
    var d = new Date(start + "T00:00:00Z");
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  }

  function enhance(root) {
    (root || document).querySelectorAll("input[type=date]").forEach(function (input) {
      var text = document.createElement("input");
      text.type = "text";
      text.id = input.id;
      text.className = "day-input";
      text.value = show(input.value);
      text.size = 11;
      text.autocomplete = "off";
      text.placeholder = "e.g. 20 Mar 2025";
      text.title = "A day, e.g. 20 Mar 2025";
      input.id = input.id ? input.id + "-iso" : "";
      input.type = "hidden";
      input.parentNode.insertBefore(text, input);
      input.shownAs = text;
      text.addEventListener("change", function (event) {
        var iso = parse(text.value);
        if (!iso) {
          text.setCustomValidity("Write a day like 20 Mar 2025");
          text.reportValidity();
          event.stopPropagation();  // the form is not sent with a day it cannot read
          return;
        }
        text.setCustomValidity("");
        input.value = iso;
        text.value = show(iso);
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () { enhance(document); });
  document.addEventListener("htmx:load", function (event) { enhance(event.detail.elt); });

  document.addEventListener("input", function (event) {
    var slider = event.target;
    if (!slider.matches || !slider.matches("input[type=range][data-start]")) return;
    var iso = dayToDate(slider.dataset.start, parseInt(slider.value, 10));
    var form = slider.form;
    var dayInput = form && form.querySelector("input[name=as_of]");
    if (dayInput) {
      dayInput.value = iso;
      if (dayInput.shownAs) dayInput.shownAs.value = show(iso);
    }
    slider.setAttribute("aria-valuetext", show(iso));
  });
})();
