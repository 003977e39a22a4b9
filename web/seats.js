// Seat colours, the same for every ruleset (seat 0 blue, seat 1 red, then green and purple).

export const SEAT_COLOURS = ['#1e5fb4', '#b71c1c', '#00695c', '#6a1b9a'];

/** The colour of seat `s`. */
export const seatColour = (s) => SEAT_COLOURS[((Number(s) || 0) % SEAT_COLOURS.length + SEAT_COLOURS.length) % SEAT_COLOURS.length];
