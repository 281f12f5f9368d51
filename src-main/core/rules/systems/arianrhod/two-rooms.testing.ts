// A 5×1 row split between its second and third squares by one edge (a window unless told), a
// party token at its west end: two areas for the 明度 rules (decision 5) and the fog's sight.
export function twoRoomsScenario(
  light: Record<string, unknown>,
  cells: unknown[] = [],
  kind = 'window',
): Record<string, unknown> {
  return {
    format: 'gm-scenario/1',
    system: 'arianrhod',
    map: {
      width: 5,
      height: 1,
      cells,
      light,
      edges: [
        {
          between: [
            [1, 0],
            [2, 0],
          ],
          kind,
        },
      ],
    },
    tokens: [{ id: 'a', at: [0, 0], faction: 'party' }],
  }
}
