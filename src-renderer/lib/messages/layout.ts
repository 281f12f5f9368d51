// The GM screen's layout (docks beside the board, foldable sections) and the ruler tool.
export const en = {
  'dock.fight': 'Fight',
  'dock.panels': 'Panels',
  'dock.tool': 'Tool: {tool}',
  'dock.hide': 'Hide {name} ({key})',
  'dock.show': 'Show {name} ({key})',
  'help.toggleFight': 'Show or hide the Fight dock (rules answers)',
  'help.togglePanels':
    'Show or hide the Panels dock (tools, token, turn order, dice, players, map, notes)',
  'tool.ruler': 'Ruler',
  'hint.ruler':
    'Drag from one square to another, or click one and then the other, to measure with this system’s rule (diagonals included). Esc clears.',
  'ruler.label': 'Ruler',
  'ruler.readout': '{from} → {to}: {distance} {unit}',
  'ruler.none': 'Pick a first square.',
  'fight.template.pinHint':
    'Hover to preview, click to pin it; it stays when the pointer leaves the board. Esc clears.',
  'fight.template.aimHint':
    'Click the origin, then click again to pin the direction; it stays when the pointer leaves the board. Esc clears.',
} as const

export const ja = {
  'dock.fight': '戦闘',
  'dock.panels': 'パネル',
  'dock.tool': 'ツール：{tool}',
  'dock.hide': '{name}を隠す（{key}）',
  'dock.show': '{name}を表示（{key}）',
  'help.toggleFight': '戦闘ドック（ルールの答え）の表示・非表示',
  'help.togglePanels':
    'パネルドック（ツール・コマ・手番・ダイス・プレイヤー・マップ・メモ）の表示・非表示',
  'tool.ruler': '定規',
  'hint.ruler':
    'マスからマスへドラッグ（または 2 マスを順にクリック）して、このシステムのルール（斜めの数え方を含む）で距離を測る。Esc で消去。',
  'ruler.label': '定規',
  'ruler.readout': '{from} → {to}：{distance} {unit}',
  'ruler.none': '最初のマスを選んでください。',
  'fight.template.pinHint':
    'ポインタを合わせてプレビュー、クリックで固定（ポインタが盤面を出ても残る）。Esc で消去。',
  'fight.template.aimHint':
    '起点をクリックし、もう一度クリックで向きを固定（ポインタが盤面を出ても残る）。Esc で消去。',
} as const satisfies Record<keyof typeof en, string>
