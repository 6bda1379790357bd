import "../core";
import { h, type JSX } from "preact";
import { encode } from "uqr";

/**
 * A QR code as SVG, drawn from the matrix `uqr` encodes (a maintained,
 * dependency-free encoder): one path of dark modules, so that no markup
 * is injected and it scales crisply on any screen.
 */
export function qrCode(text: string, label: string): JSX.Element {
  const { data, size } = encode(text, { ecc: "M", border: 2 });
  let d = "";
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return h(
    "svg",
    { class: "qr", viewBox: `0 0 ${size} ${size}`, role: "img", "aria-label": label, "shape-rendering": "crispEdges" },
    h("rect", { width: size, height: size, fill: "#fff" }),
    h("path", { d, fill: "#000" }),
  );
}
