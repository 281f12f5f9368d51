// 3D height view UI text. Every area keeps its own English and Japanese dictionaries; lib/i18n.ts merges
// them, and `satisfies` makes a key missing from Japanese a type error.
export const en = {
  'height.title': '3D height view',
  'height.noWebgl':
    'The 3D view needs WebGL, which this browser or computer does not provide. The 2D board works as before.',
  'height.loading': 'Preparing the 3D view…',
  'height.resetView': 'Reset view',
  'height.keys':
    'Drag: orbit · right-drag: pan · wheel: zoom · arrows: orbit · Shift+arrows: pan · + / −: zoom · 0: reset',
  'height.canvas': '3D view of {name}',
  'height.token': 'Token',
  'height.noToken': '(none)',
  'height.mode': 'Move mode',
  'height.light': 'Light',
  'height.light.gm': 'As the GM sees it',
  'height.light.full': 'Fully lit',
  'height.light.lit': 'As lit',
  'height.action.move': 'walk',
  'height.action.climb': 'climb {height}',
  'height.action.jump': 'jump',
  'height.action.fall': 'fall {height}',
  'height.total': 'total {cost}',
  'height.check': '{ability} DC {dc}',
  'height.contest': 'contest',
  'height.pickHint': 'Click a token to select it, then a square to preview the path there.',
  'height.unreachable': 'Not reachable: {reason}',
  'height.queryFailed': 'The rules engine did not answer: {message}',
  'height.hovered': 'Square {x}, {y}',
} as const

export const ja = {
  'height.title': '3D 高低ビュー',
  'height.noWebgl':
    '3D 表示には WebGL が必要ですが、このブラウザ／コンピューターでは使えません。2D の盤面はそのまま使えます。',
  'height.loading': '3D 表示を準備しています…',
  'height.resetView': '視点をリセット',
  'height.keys':
    'ドラッグ：回転・右ドラッグ：移動・ホイール：ズーム・矢印キー：回転・Shift+矢印：移動・+ / −：ズーム・0：リセット',
  'height.canvas': '{name} の 3D 表示',
  'height.token': 'コマ',
  'height.noToken': '（なし）',
  'height.mode': '移動の種類',
  'height.light': '明るさ',
  'height.light.gm': 'GM の見え方',
  'height.light.full': 'すべて明るく',
  'height.light.lit': '実際の明度',
  'height.action.move': '移動',
  'height.action.climb': '登攀 {height}',
  'height.action.jump': '跳躍',
  'height.action.fall': '落下 {height}',
  'height.total': '累計 {cost}',
  'height.check': '{ability} 目標値{dc}',
  'height.contest': '対決',
  'height.pickHint': 'コマをクリックして選び、マスをクリックするとそこまでの経路を表示します。',
  'height.unreachable': '到達できません：{reason}',
  'height.queryFailed': 'ルールエンジンが答えませんでした：{message}',
  'height.hovered': 'マス {x}, {y}',
} satisfies Record<keyof typeof en, string>
