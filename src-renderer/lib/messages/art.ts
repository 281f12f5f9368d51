// Map art: a picture under the grid and its alignment (issue 16).
export const en = {
  'art.heading': 'Map picture',
  'art.none': 'No picture. Choose a PNG, JPEG or WebP battle map to put under the grid.',
  'art.choose': 'Picture file',
  'art.storing': 'Storing the picture…',
  'art.loading': 'Loading the picture…',
  'art.failed': 'The picture could not be shown.',
  'art.size': '{width} × {height} px',
  'art.pixelsPerSquare': 'Pixels per square',
  'art.offsetX': 'Offset X (px)',
  'art.offsetY': 'Offset Y (px)',
  'art.nudge': 'Nudge (Shift: 10 px)',
  'art.left': 'Move the picture left',
  'art.right': 'Move the picture right',
  'art.up': 'Move the picture up',
  'art.down': 'Move the picture down',
  'art.smaller': 'Shrink the picture',
  'art.larger': 'Enlarge the picture',
  'art.fit': 'Fit to map width',
  'art.mark': 'Mark one square',
  'art.markHint':
    'Drag over one square of the picture, from one corner to the opposite one. Esc cancels.',
  'art.remove': 'Remove picture',
  'art.hint':
    'The grid never moves: the picture is scaled and shifted to it. Players see it only on squares they have seen.',
} as const

export const ja = {
  'art.heading': 'マップ画像',
  'art.none':
    '画像はありません。グリッドの下に敷く PNG・JPEG・WebP のバトルマップを選んでください。',
  'art.choose': '画像ファイル',
  'art.storing': '画像を保存しています…',
  'art.loading': '画像を読み込んでいます…',
  'art.failed': '画像を表示できませんでした。',
  'art.size': '{width} × {height} px',
  'art.pixelsPerSquare': '1マスのピクセル数',
  'art.offsetX': 'ずらし X（px）',
  'art.offsetY': 'ずらし Y（px）',
  'art.nudge': '微調整（Shift で 10 px）',
  'art.left': '画像を左へ',
  'art.right': '画像を右へ',
  'art.up': '画像を上へ',
  'art.down': '画像を下へ',
  'art.smaller': '画像を縮小',
  'art.larger': '画像を拡大',
  'art.fit': 'マップの幅に合わせる',
  'art.mark': '1マスを指定',
  'art.markHint': '画像の1マスを、角から対角の角までドラッグしてください。Esc で取り消します。',
  'art.remove': '画像を外す',
  'art.hint':
    'グリッドは動きません。画像のほうを拡大・移動して合わせます。プレイヤーには見たことのあるマスの部分だけが見えます。',
} as const satisfies Record<keyof typeof en, string>
