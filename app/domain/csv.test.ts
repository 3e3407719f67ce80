import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  it("writes a BOM, CRLF lines and quotes only what needs quoting", () => {
    expect(toCsv(["a", "b"], [["x", 1], ['say "hi"', "1,2"], [null, "line\nbreak"]])).toBe(
      '\uFEFFa,b\r\nx,1\r\n"say ""hi""","1,2"\r\n,"line\nbreak"\r\n',
    );
  });

  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(toCsv(["f"], [["=SUM(A1)"], ["-3"]])).toBe("\uFEFFf\r\n'=SUM(A1)\r\n'-3\r\n");
  });
});
