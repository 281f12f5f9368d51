// Universal VTT map import (issue 16).
export const en = {
  'uvtt.heading': 'Import a battle map (Universal VTT)',
  'uvtt.file': 'File (.dd2vtt, .uvtt, .df2vtt)',
  'uvtt.reading': 'Reading {name}…',
  'uvtt.counts':
    '{width} × {height} squares · wall edges: {walls} · doors: {doors} · windows: {windows} · lights: {lights} · segments clipped: {clipped}',
  'uvtt.image': 'Picture {width} × {height} px: it goes under the grid (Map picture aligns it)',
  'uvtt.ambient': 'Ambient light (明度 / light category)',
  'uvtt.import': 'Import as a new map',
  'uvtt.cancel': 'Cancel',
  'uvtt.preview': 'Preview: the picture with the walls, doors, windows and lights the import makes',
  'uvtt.done': 'Imported “{name}”.',
  'uvtt.export': 'Export as Universal VTT',
} as const

export const ja = {
  'uvtt.heading': 'バトルマップを読み込む（Universal VTT）',
  'uvtt.file': 'ファイル（.dd2vtt／.uvtt／.df2vtt）',
  'uvtt.reading': '{name} を読み込み中…',
  'uvtt.counts':
    '{width} × {height} マス：壁 {walls}、扉 {doors}、窓 {windows}、光源 {lights}、範囲外で切った線分 {clipped}',
  'uvtt.image':
    '画像 {width} × {height} px：グリッドの下に敷きます（位置合わせは「マップ画像」で）',
  'uvtt.ambient': '環境光（明度／明るさの段階）',
  'uvtt.import': '新しいマップとして読み込む',
  'uvtt.cancel': 'キャンセル',
  'uvtt.preview': 'プレビュー：画像と、読み込みで作られる壁・扉・窓・光源',
  'uvtt.done': '「{name}」を読み込みました。',
  'uvtt.export': 'Universal VTT で書き出す',
} as const satisfies Record<keyof typeof en, string>
