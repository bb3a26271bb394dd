// The chips a player stakes with: multiples of the table's minimum (or the player's own values,
// saved in the browser), each shown short as a
// real chip is (5, 25, 2.5K), its full amount its accessible name and tooltip (issue 34(4):
// "2,500.00 pts" overflowed the chip).
import { el } from "./common.js";
import { t } from "./i18n.js";

export function chipValues(minimum) {
  const saved = localStorage.getItem("croupier-chips");
  if (saved) {
    const values = saved.split(",").map((v) => Math.round(Number(v) * 100)).filter((v) => v > 0);
    if (values.length) return values;
  }
  return [1, 5, 10, 25, 50].map((m) => m * minimum);
}

export function chipLabel(minor, digits) {
  const major = minor / 10 ** digits;
  const short = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(2).replace(/0+$/, "").replace(/\.$/, ""));
  if (major >= 1_000_000) return `${short(major / 1_000_000)}M`;
  if (major >= 1_000) return `${short(major / 1_000)}K`;
  return short(major);
}

// the chip rack: a radio group; ``choose(value)`` is told the chip taken
export function chipRack(minimum, digits, money, choose) {
  const chips = el("div", { class: "chips", role: "radiogroup", "aria-label": t("chip value") });
  chipValues(minimum).forEach((value, i) => {
    const input = el("input", { type: "radio", name: "chip", id: `chip-${i}`, value: String(value), checked: i === 0 });
    input.addEventListener("change", () => choose(value));
    chips.append(el("label", { class: `chip chip-${i}`, for: `chip-${i}`, title: money(value), "aria-label": money(value) },
      input, el("span", { "aria-hidden": "true" }, chipLabel(value, digits))));
  });
  return chips;
}
