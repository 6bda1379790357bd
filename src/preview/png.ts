import { Resvg } from "@cf-wasm/resvg/workerd";
// The one font the picture is drawn with (DejaVu Sans Bold: Latin, Greek, Cyrillic and the card suits), bundled as data.
import font from "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf";

/**
 * SVG to PNG with resvg (WebAssembly, maintained for Workers by
 * @cf-wasm/resvg): link previews on Facebook, X, WhatsApp and most chat
 * apps take PNG or JPEG, never SVG.
 */

let fonts: Uint8Array[] | null = null;

export function renderPng(svg: string): Uint8Array {
  fonts ??= [new Uint8Array(font as ArrayBuffer)];
  const resvg = new Resvg(svg, { font: { fontBuffers: fonts, loadSystemFonts: false, defaultFontFamily: "DejaVu Sans" } });
  return resvg.render().asPng();
}
