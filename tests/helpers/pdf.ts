/**
 * Reading a PDF as a person would see it, with Debian's poppler-utils (pdftotext, pdffonts, pdftoppm; .ci/run
 * installs them). A missing tool fails the test with a message saying so: these checks are never skipped.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

type Tool = "pdftotext" | "pdffonts" | "pdftoppm";

/** Runs a poppler tool on the PDF (its path where args say "{pdf}"); answers what it printed on each stream. */
function poppler(tool: Tool, args: string[], pdf: Buffer): { stdout: string; stderr: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "unveil-pdf-"));
  const file = path.join(dir, "doc.pdf");
  writeFileSync(file, pdf);
  try {
    const run = spawnSync(
      tool,
      args.map((a) => (a === "{pdf}" ? file : a)),
      { encoding: "utf8" },
    );
    if ((run.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT")
      throw new Error(`${tool} is not installed: apt-get install poppler-utils (.ci/run does)`);
    if (run.error) throw run.error;
    if (run.status !== 0) throw new Error(`${tool} failed (${run.status}): ${run.stderr}`);
    return { stdout: run.stdout, stderr: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text a reader sees (and copies) in the PDF, as UTF-8. */
export function pdfToText(pdf: Buffer): string {
  return poppler("pdftotext", ["-enc", "UTF-8", "{pdf}", "-"], pdf).stdout;
}

export interface PdfFont {
  /** Without the subset tag: "NotoSans-Regular", not "CZZZZZ+NotoSans-Regular". */
  name: string;
  embedded: boolean;
  subset: boolean;
}

/** The fonts the PDF uses, as pdffonts lists them. */
export function pdfFonts(pdf: Buffer): PdfFont[] {
  const lines = poppler("pdffonts", ["{pdf}"], pdf).stdout.split("\n").slice(2).filter(Boolean);
  return lines.map((line) => {
    // name, type (may hold spaces), encoding, emb, sub, uni, object ID: read the yes/no columns from the end.
    const cols = line.trim().split(/\s+/);
    const [emb, sub] = cols.slice(-5, -3);
    return { name: cols[0].replace(/^[A-Z]{6}\+/, ""), embedded: emb === "yes", subset: sub === "yes" };
  });
}

/**
 * The PDF's first page as a PNG at `dpi`, written to test-results/pdf/<name>.png for a person to look at;
 * answers the PNG's bytes and anything pdftoppm said on stderr (a broken font makes it complain).
 */
export function pdfToPng(
  pdf: Buffer,
  name: string,
  dpi = 60,
): { png: Buffer; file: string; warnings: string } {
  const outDir = path.resolve("test-results/pdf");
  mkdirSync(outDir, { recursive: true });
  const prefix = path.join(outDir, name);
  const { stderr } = poppler("pdftoppm", ["-r", String(dpi), "-png", "-singlefile", "{pdf}", prefix], pdf);
  return { png: readFileSync(`${prefix}.png`), file: `${prefix}.png`, warnings: stderr };
}

/** A PNG's width and height, from its header. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.subarray(1, 4).toString("latin1") !== "PNG") throw new Error("not a PNG");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
