// Universal VTT map import (issue 16); its progress, stop and refusals (issues 26, 27).
export const en = {
  'uvtt.heading': 'Import a battle map (Universal VTT)',
  'uvtt.file': 'File (.dd2vtt, .uvtt, .df2vtt)',
  'uvtt.reading': 'Reading {name}…',
  'uvtt.counts':
    '{width} × {height} squares · wall edges: {walls} · doors: {doors} · windows: {windows} · lights: {lights} · segments clipped: {clipped}',
  'uvtt.image': 'Picture {width} × {height} px: it goes under the grid (Map picture aligns it)',
  'uvtt.ambientFromFile':
    'Read from the file’s ambient light; change it if the map should be darker or brighter.',
  'uvtt.import': 'Import as a new map',
  'uvtt.cancel': 'Cancel',
  'uvtt.preview': 'Preview: the picture with the walls, doors, windows and lights the import makes',
  'uvtt.done': 'Imported “{name}”.',
  'uvtt.export': 'Export as Universal VTT',
  'uvtt.progressWalls': 'Reading {name}: walls {percent} %',
  'uvtt.stop': 'Stop',
  'uvtt.stopped': 'Import stopped; nothing was added.',
  'uvtt.drawing': 'Drawing the preview…',
  'uvtt.error.badJson': 'This file is not JSON, so it is not a Universal VTT file.',
  'uvtt.error.invalid':
    'This is not a Universal VTT file the app can read (at {path} in the file).',
  'uvtt.error.format': 'This Universal VTT format is not supported (0.2 and 0.3 are).',
  'uvtt.error.mapTooLarge': 'The map is larger than {limit} squares a side.',
  'uvtt.error.wallLines': 'The file has more than {limit} wall lines.',
  'uvtt.error.wallLine': 'A wall line in this file has more than {limit} points.',
  'uvtt.error.coordinate': 'A position in this file is more than {limit} squares from the map.',
  'uvtt.error.lightRange': 'A light in this file reaches more than {limit} squares.',
  'uvtt.error.pixelsPerGrid': 'The picture’s pixels per square are outside {min}–{max}.',
  'uvtt.error.tooDetailed':
    'This map has too many walls to keep: its walls would take more than {limit} MB of the campaign file.',
  'uvtt.error.memory': 'This file needs more memory than an import may use ({limit} MB).',
  'uvtt.error.failed': 'The import stopped: {details}',
} as const

export const ja = {
  'uvtt.heading': 'バトルマップを読み込む（Universal VTT）',
  'uvtt.file': 'ファイル（.dd2vtt／.uvtt／.df2vtt）',
  'uvtt.reading': '{name} を読み込み中…',
  'uvtt.counts':
    '{width} × {height} マス：壁 {walls}、扉 {doors}、窓 {windows}、光源 {lights}、範囲外で切った線分 {clipped}',
  'uvtt.image':
    '画像 {width} × {height} px：グリッドの下に敷きます（位置合わせは「マップ画像」で）',
  'uvtt.ambientFromFile':
    'ファイルの環境光から読み取った値です。暗く・明るくしたいときは変えてください。',
  'uvtt.import': '新しいマップとして読み込む',
  'uvtt.cancel': 'キャンセル',
  'uvtt.preview': 'プレビュー：画像と、読み込みで作られる壁・扉・窓・光源',
  'uvtt.done': '「{name}」を読み込みました。',
  'uvtt.export': 'Universal VTT で書き出す',
  'uvtt.progressWalls': '{name} を読み込み中：壁 {percent} %',
  'uvtt.stop': '中止',
  'uvtt.stopped': '読み込みを中止しました。何も追加していません。',
  'uvtt.drawing': 'プレビューを描いています…',
  'uvtt.error.badJson': 'このファイルは JSON ではないため、Universal VTT ファイルではありません。',
  'uvtt.error.invalid': '読み込めない Universal VTT ファイルです（ファイルの {path} の箇所）。',
  'uvtt.error.format': 'この Universal VTT の形式には対応していません（対応は 0.2 と 0.3）。',
  'uvtt.error.mapTooLarge': 'マップが一辺 {limit} マスより大きいです。',
  'uvtt.error.wallLines': '壁の線が {limit} 本を超えています。',
  'uvtt.error.wallLine': '{limit} 点を超える壁の線があります。',
  'uvtt.error.coordinate': 'マップから {limit} マス以上離れた位置があります。',
  'uvtt.error.lightRange': '{limit} マスより遠くまで届く光源があります。',
  'uvtt.error.pixelsPerGrid': '画像の 1 マスあたりのピクセル数が {min}～{max} の範囲外です。',
  'uvtt.error.tooDetailed':
    '壁が多すぎて保存できません：壁だけでキャンペーンファイルの {limit} MB を超えます。',
  'uvtt.error.memory': 'このファイルの読み込みには、使えるメモリ（{limit} MB）より多く必要です。',
  'uvtt.error.failed': '読み込みが止まりました：{details}',
} as const satisfies Record<keyof typeof en, string>
