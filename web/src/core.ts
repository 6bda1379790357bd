/**
 * The modules every page uses, in one chunk. esbuild puts each module in a
 * chunk by the set of entry points that reach it (main.ts, boot.ts and
 * every module loaded with import()); without this, each module that a
 * different set of pages imports gets a chunk of its own — a dozen small
 * files on every page, each gzipped alone, and kilobytes lost. So every
 * module loaded with import() that reaches one of these imports this
 * file first (`import "../core";`), and they all share one set: one chunk.
 * test/shared/web-sizes.test.ts fails on a lazily loaded module that
 * forgets it.
 */
import "preact";
import "./api";
import "./cards";
import "./clock/time";
import "./describe";
import "./dom";
import "./first-snapshot";
import "./header";
import "./i18n/index";
import "./pages";
import "./store";
