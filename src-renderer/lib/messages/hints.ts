// The line under the tool bar: what a click does with the current tool (issue 12.4).
export const en = {
  'hint.select':
    'Click a token to select it and see its rules answers; drag it to move. Click a door to open or close it (Alt+click locks or unlocks). Press ? for all shortcuts.',
  'hint.wall':
    'Click a grid line to place or remove a wall; drag along lines to draw, Shift+drag to erase.',
  'hint.door':
    'Click a grid line to place a door; click a door to cycle closed → open → locked. Shift+drag over doors turns them back into wall.',
  'hint.low-wall':
    'Click a grid line to place or remove a low wall; drag to draw, Shift+drag to erase.',
  'hint.window':
    'Click a grid line to place or remove a window (blocks movement, not sight); drag to draw.',
  'hint.arrow-slit':
    'Click a grid line to place or remove an arrow slit (blocks movement; improved cover behind it); drag to draw.',
  'hint.terrain':
    'Paint terrain with the brush, rectangle or fill (Q cycles floor, difficult, pit, solid); Shift erases.',
  'hint.terrain.noDifficult':
    'Paint terrain with the brush, rectangle or fill (Q cycles floor, pit, solid: this system has no difficult terrain); Shift erases.',
  'hint.elevation': 'Paint floor heights ([ and ] change the height); Shift resets to 0.',
  'hint.light':
    'Click a square to add a light source; click one to select it, Shift+click to remove it.',
  'hint.token':
    'Click a square to place a token of the faction below (enemies are placed hidden unless you untick it).',
  'hint.blockade': 'Paint 封鎖 (blockade) marks; Shift erases.',
  'hint.deploy': 'Paint a faction’s deploy squares; Shift erases.',
  'hint.fog-reveal':
    'Reveal to the players: paint (B), drag a rectangle (R) or click a room (F); Shift hides.',
  'hint.fog-hide':
    'Hide from the players (and forget): paint (B), drag a rectangle (R) or click a room (F); Shift reveals.',
  'hint.trap': 'Click a square to place a GM-only trap or select one; Shift+click removes it.',
} as const

export const ja = {
  'hint.select':
    'コマをクリックで選択してルール上の答えを表示、ドラッグで移動。扉をクリックで開閉（Alt+クリックで施錠・解錠）。? でショートカット一覧。',
  'hint.wall': '線をクリックで壁を置く・外す。線に沿ってドラッグで描画、Shift+ドラッグで消去。',
  'hint.door':
    '線をクリックで扉を置く。扉をクリックで 閉 → 開 → 施錠 → 閉。Shift+ドラッグで扉を壁に戻す。',
  'hint.low-wall': '線をクリックで低い壁を置く・外す。ドラッグで描画、Shift+ドラッグで消去。',
  'hint.window': '線をクリックで窓を置く・外す（移動は遮るが視線は通す）。ドラッグで描画。',
  'hint.arrow-slit':
    '線をクリックで狭間窓を置く・外す（移動を遮る。向こう側は良好な遮蔽）。ドラッグで描画。',
  'hint.terrain':
    'ブラシ・矩形・塗りつぶしで地形を塗る（Q で 床／移動困難／穴／岩）。Shift で消去。',
  'hint.terrain.noDifficult':
    'ブラシ・矩形・塗りつぶしで地形を塗る（Q で 床／穴／岩。このシステムに移動困難はありません）。Shift で消去。',
  'hint.elevation': '床の高さを塗る（[ と ] で高さを変更）。Shift で 0 に戻す。',
  'hint.light': 'マスをクリックで光源を置く。光源をクリックで選択、Shift+クリックで削除。',
  'hint.token': 'マスをクリックで下の陣営のコマを置く（敵は非公開で置かれる。外すこともできる）。',
  'hint.blockade': '封鎖マークを塗る。Shift で消去。',
  'hint.deploy': '陣営の初期配置マスを塗る。Shift で消去。',
  'hint.fog-reveal':
    'プレイヤーに見せる：塗る（B）・矩形（R）・部屋をクリック（F）。Shift で隠す。',
  'hint.fog-hide':
    'プレイヤーから隠す（探索済みも忘れる）：塗る（B）・矩形（R）・部屋（F）。Shift で見せる。',
  'hint.trap': 'マスをクリックでGM専用の罠を置く・選ぶ。Shift+クリックで削除。',
} as const satisfies Record<keyof typeof en, string>
