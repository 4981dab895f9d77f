import { describe, expect, it } from "vitest";
import {
  distanceMiles,
  districtCentroid,
  districtOf,
  isInUk,
  knownDistricts,
  venueLocation,
} from "../../src/server/modules/matching/geo/index.ts";
import { postcodeInText } from "../../src/shared/postcode.ts";

const range = (prefix: string, from: number, to: number, skip: number[] = []) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)
    .filter((n) => !skip.includes(n))
    .map((n) => `${prefix}${n}`);

/** Every London postcode district (inner areas with their sub-districts, and the outer London areas). */
const LONDON = [
  ...range("E", 1, 18),
  "E1W",
  "E20",
  ..."EC1A EC1M EC1N EC1R EC1V EC1Y EC2A EC2M EC2N EC2R EC2V EC2Y".split(" "),
  ..."EC3A EC3M EC3N EC3R EC3V EC4A EC4M EC4N EC4R EC4V EC4Y".split(" "),
  ...range("N", 1, 22),
  "N1C",
  ...range("NW", 1, 11),
  ...range("SE", 1, 28),
  ..."SW1A SW1E SW1H SW1P SW1V SW1W SW1X SW1Y".split(" "),
  ...range("SW", 2, 20),
  ..."W1B W1C W1D W1F W1G W1H W1J W1K W1S W1T W1U W1W".split(" "),
  ...range("W", 2, 14),
  ..."WC1A WC1B WC1E WC1H WC1N WC1R WC1V WC1X WC2A WC2B WC2E WC2H WC2N WC2R".split(" "),
  ...range("BR", 1, 8),
  "CR0",
  ...range("CR", 2, 9),
  ...range("DA", 1, 18),
  ...range("EN", 1, 11),
  ...range("HA", 0, 9),
  ...range("IG", 1, 11),
  ...range("KT", 1, 24),
  ...range("RM", 1, 20),
  ...range("SM", 1, 7),
  ...range("TW", 1, 20),
  ...range("UB", 1, 11),
  ..."WD3 WD4 WD5 WD6 WD7 WD17 WD18 WD19 WD23 WD24 WD25".split(" "),
];

/** The areas around London, every district. */
const AROUND = [
  ...range("AL", 1, 10),
  ...range("CM", 0, 24, [10]),
  ...range("GU", 1, 35, [13]),
  "GU46",
  "GU47",
  "GU51",
  "GU52",
  ...range("HP", 1, 23),
  "HP27",
  ...range("LU", 1, 7),
  ...range("ME", 1, 20),
  ...range("RH", 1, 20),
  ...range("SG", 1, 19),
  ...range("SL", 0, 9),
  ...range("SS", 0, 17, [10]),
  ...range("TN", 1, 40),
  ...range("RG", 1, 2),
  ...range("RG", 4, 10),
];

const CHARING_CROSS = { lat: 51.5074, lng: -0.1278 };

describe("the district table", () => {
  it("has every London district", () => {
    const known = new Set(knownDistricts());
    expect(LONDON.length).toBeGreaterThan(300);
    expect(LONDON.filter((d) => !known.has(d))).toEqual([]);
  });

  it("has every district of the surrounding areas", () => {
    const known = new Set(knownDistricts());
    expect(AROUND.filter((d) => !known.has(d))).toEqual([]);
  });

  it("places every centroid in the UK, London postal areas' within 25 miles of Charing Cross and the rest within 70", () => {
    for (const d of knownDistricts()) {
      const p = districtCentroid(d);
      expect(p, d).not.toBeNull();
      expect(isInUk(p!), d).toBe(true);
      expect(distanceMiles(CHARING_CROSS, p!), d).toBeLessThan(70);
    }
    for (const d of LONDON) expect(distanceMiles(CHARING_CROSS, districtCentroid(d)!), d).toBeLessThan(25);
  });

  it("knows where a few places are", () => {
    const near = (d: string, lat: number, lng: number, miles = 1.5) =>
      expect(distanceMiles(districtCentroid(d)!, { lat, lng }), d).toBeLessThan(miles);
    near("SW1A", 51.5014, -0.1419); // Buckingham Palace
    near("EC2M", 51.5178, -0.0823); // Liverpool Street
    near("N1C", 51.5353, -0.1256); // Granary Square
    near("E20", 51.5432, -0.0133); // London Stadium
    near("TW6", 51.47, -0.4543); // Heathrow
    near("AL1", 51.7527, -0.3394); // St Albans
    near("TN1", 51.1324, 0.2637); // Tunbridge Wells
  });

  it("gives known distances between districts", () => {
    const between = (a: string, b: string) => distanceMiles(districtCentroid(a)!, districtCentroid(b)!);
    expect(between("SW1A", "EC2")).toBeGreaterThan(1.8);
    expect(between("SW1A", "EC2")).toBeLessThan(2.7);
    expect(between("SW1A", "EC2M")).toBeCloseTo(2.2, 0);
    expect(between("W1D", "WC2H")).toBeLessThan(0.5);
    expect(between("N1C", "SE1")).toBeGreaterThan(2.5);
    expect(between("N1C", "SE1")).toBeLessThan(3.5);
    expect(between("E14", "TW6")).toBeGreaterThan(17);
    expect(between("E14", "TW6")).toBeLessThan(19);
  });
});

describe("districtCentroid", () => {
  it("accepts a full postcode in any case and spacing, or a district alone", () => {
    const sw1a = districtCentroid("SW1A");
    expect(sw1a).not.toBeNull();
    expect(districtCentroid("SW1A 1AA")).toEqual(sw1a);
    expect(districtCentroid("sw1a1aa")).toEqual(sw1a);
    expect(districtCentroid("  sw1a  ")).toEqual(sw1a);
    expect(districtOf("ec1a 1bb")).toBe("EC1A");
  });

  it("places an undivided central district (EC2, W1) at the mean of its sub-districts", () => {
    const ec2 = districtCentroid("EC2")!;
    expect(distanceMiles(ec2, districtCentroid("EC2M")!)).toBeLessThan(0.5);
    expect(districtCentroid("W1")).not.toBeNull();
    expect(distanceMiles(districtCentroid("W1")!, districtCentroid("W1D")!)).toBeLessThan(1);
  });

  it("answers null for nonsense and for districts outside the table", () => {
    for (const x of ["", "hello", "12345", "SW1A 1A", "ZZ9 9ZZ", "M1 1AE", "G1"]) {
      expect(districtCentroid(x), x).toBeNull();
    }
  });
});

describe("distanceMiles (haversine, Earth radius 3958.8 mi)", () => {
  it("is zero for one place and symmetric", () => {
    const a = { lat: 51.5, lng: -0.12 };
    const b = { lat: 51.45, lng: 0.05 };
    expect(distanceMiles(a, a)).toBe(0);
    expect(distanceMiles(a, b)).toBeCloseTo(distanceMiles(b, a), 10);
  });

  it("matches known values", () => {
    // One degree of latitude: 2 * pi * 3958.8 / 360.
    expect(distanceMiles({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(69.093, 2);
    // A quarter of the equator and pole to pole.
    expect(distanceMiles({ lat: 0, lng: 0 }, { lat: 0, lng: 90 })).toBeCloseTo((Math.PI / 2) * 3958.8, 6);
    expect(distanceMiles({ lat: 90, lng: 0 }, { lat: -90, lng: 0 })).toBeCloseTo(Math.PI * 3958.8, 6);
    // London to Manchester and to New York (city centres).
    expect(distanceMiles(CHARING_CROSS, { lat: 53.4808, lng: -2.2426 })).toBeCloseTo(162.8, 0);
    expect(distanceMiles(CHARING_CROSS, { lat: 40.7128, lng: -74.006 })).toBeGreaterThan(3455);
    expect(distanceMiles(CHARING_CROSS, { lat: 40.7128, lng: -74.006 })).toBeLessThan(3470);
    // Across the antimeridian.
    expect(distanceMiles({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(69.093, 2);
  });
});

describe("venueLocation", () => {
  it("uses the venue's coordinates when both are set and valid (strings from numeric columns too)", () => {
    expect(venueLocation({ latitude: "51.5055000", longitude: "-0.0910000", postcode: "N1C 4AB" })).toEqual({
      lat: 51.5055,
      lng: -0.091,
    });
  });

  it("falls back to the postcode's district when a coordinate is missing or invalid", () => {
    const n1c = districtCentroid("N1C");
    expect(venueLocation({ latitude: null, longitude: "-0.09", postcode: "N1C 4AB" })).toEqual(n1c);
    expect(venueLocation({ latitude: "51.5", longitude: null, postcode: "N1C 4AB" })).toEqual(n1c);
    expect(venueLocation({ latitude: "north", longitude: "-0.09", postcode: "N1C 4AB" })).toEqual(n1c);
    expect(venueLocation({ latitude: "95", longitude: "-0.09", postcode: "N1C 4AB" })).toEqual(n1c);
    expect(venueLocation({ latitude: "0", longitude: "0", postcode: "N1C 4AB" })).toEqual(n1c);
  });

  it("is null when the venue cannot be placed", () => {
    expect(venueLocation({ latitude: null, longitude: null, postcode: null })).toBeNull();
    expect(venueLocation({ latitude: null, longitude: null, postcode: "M1 1AE" })).toBeNull();
  });
});

describe("postcodeInText", () => {
  it("finds the last full postcode in an address, in any case and spacing", () => {
    expect(postcodeInText("12 Old Compton St, London W1D 4HS")).toBe("W1D 4HS");
    expect(postcodeInText("12 old compton st, london w1d4hs")).toBe("W1D 4HS");
    expect(postcodeInText("Unit 2, EC1A 1BB (was SW1A 1AA)")).toBe("SW1A 1AA");
    expect(postcodeInText("Flat 1, SW1A 1AA, London")).toBe("SW1A 1AA");
  });

  it("answers null without one: a district alone, a number, nothing", () => {
    expect(postcodeInText("Somewhere in SW1A")).toBeNull();
    expect(postcodeInText("221B Baker Street")).toBeNull();
    expect(postcodeInText("")).toBeNull();
    expect(postcodeInText(null)).toBeNull();
    expect(postcodeInText("AW1D4HSX")).toBeNull();
  });
});
