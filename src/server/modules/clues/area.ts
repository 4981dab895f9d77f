/**
 * The area hint: roughly where in London the date is, never which street. Worked out from the venue's
 * postcode area (SW is split by the river: SW1, SW3, SW5, SW6, SW7 and SW10 lie north of it), else from its
 * position relative to Charing Cross.
 */

const NORTH_OF_RIVER_SW = new Set([1, 3, 5, 6, 7, 10]);

const BY_AREA: Record<string, string> = {
  EC: "Right in the old heart of the city.",
  WC: "Right in the middle of things.",
  E: "Head to the east of the city.",
  N: "Head to the north of the city.",
  NW: "Head to the north-west of the city.",
  W: "Head to the west of the city.",
  SE: "South of the river, in the south-east.",
  BR: "South of the river, out towards the suburbs.",
  CR: "South of the river, out towards the suburbs.",
  SM: "South of the river, out towards the suburbs.",
  DA: "South of the river, out to the south-east.",
  KT: "Out to the south-west, not far from the river.",
  TW: "Out to the west, not far from the river.",
  UB: "Out to the far west of the city.",
  HA: "Out to the north-west of the city.",
  EN: "Out to the far north of the city.",
  IG: "Out to the east of the city.",
  RM: "Out to the far east of the city.",
};

/** "SW11 1AA" -> "South of the river, in the south-west."; null when the postcode is not a London one. */
export function areaFromPostcode(postcode: string | null): string | null {
  const compact = (postcode ?? "").toUpperCase().replace(/\s+/g, "");
  // The outward code is all but the last three characters of a full postcode ("SE19PX" -> "SE1").
  const outward = compact.length >= 5 ? compact.slice(0, -3) : compact;
  const m = /^([A-Z]{1,2})(\d{1,2})[A-Z]?$/.exec(outward);
  if (!m) return null;
  const [, area, district] = m;
  if (area === "SW")
    return NORTH_OF_RIVER_SW.has(Number(district))
      ? "Just north of the river, in the south-west."
      : "South of the river, in the south-west.";
  return BY_AREA[area] ?? null;
}

const CHARING_CROSS = { lat: 51.5073, lng: -0.1276 };
const COMPASS = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"];

/** From a position: the compass direction from the centre, or "the middle" within about 2 km of it. */
export function areaFromPosition(lat: number, lng: number): string | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  // Kilometres on a local flat projection: plenty for a hint inside one city.
  const dy = (lat - CHARING_CROSS.lat) * 111.2;
  const dx = (lng - CHARING_CROSS.lng) * 111.2 * Math.cos((CHARING_CROSS.lat * Math.PI) / 180);
  const km = Math.hypot(dx, dy);
  if (km > 40) return null;
  if (km < 2) return "Right in the middle of things.";
  const bearing = ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
  return `Head to the ${COMPASS[Math.round(bearing / 45) % 8]} of the city.`;
}

export function areaHint(
  postcode: string | null,
  latitude: string | number | null,
  longitude: string | number | null,
): string | null {
  return (
    areaFromPostcode(postcode) ??
    (latitude !== null && longitude !== null ? areaFromPosition(Number(latitude), Number(longitude)) : null)
  );
}
