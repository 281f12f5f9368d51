// Pictures and campaign packs refused, and what a pack import left unread (issues 26 and 27).
// Main's refusals are codes (src-main/core/art/picture-error.ts, pack-error.ts); error-messages.ts
// maps each to a key here with the limits as parameters.
export const en = {
  'status.importedIgnoring':
    'Imported “{name}”; {count} files in the pack it does not use were left out.',
  'status.importedIgnoring.one':
    'Imported “{name}”; 1 file in the pack it does not use was left out.',
  'status.replacedIgnoring':
    'Replaced “{name}” (the one it replaced is in the trash); {count} files in the pack it does not use were left out.',
  'status.replacedIgnoring.one':
    'Replaced “{name}” (the one it replaced is in the trash); 1 file in the pack it does not use was left out.',
  'error.picture.notImage': 'That file is not a PNG, JPEG or WebP picture. Nothing was stored.',
  'error.picture.tooLarge':
    'The picture file is too large: up to {mapMb} MB for a map picture, {tokenMb} MB for a token picture. Nothing was stored.',
  'error.picture.tooManyPixels':
    'The picture has too many pixels: a map picture may have up to {mapSide} a side and {mapMp} million in all, a token picture {tokenSide} a side. Nothing was stored.',
  'error.picture.overMemory':
    'Decoding this picture would need more than {budgetMb} MB of memory (JPEG and WebP need more per pixel than PNG). Save it smaller or as PNG. Nothing was stored.',
  'error.picture.undecodable':
    'The picture is damaged: its header says PNG, JPEG or WebP but its pixels do not decode. Nothing was stored.',
  'error.picture.notFound': 'The picture is missing from the data folder.',
  'error.picture.uvttImage':
    'The map’s picture in this file is not a PNG or WebP whose pixels decode. Nothing was imported.',
  'error.pack.unreadable':
    'This file is not a campaign pack the app can read. Nothing was imported.',
  'error.pack.badEntry':
    'The pack holds a file named to leave its folder (“..”, an absolute path). Nothing was imported.',
  'error.pack.duplicate':
    'The pack holds two files of the same name (two campaign.json?), so which one is meant cannot be told. Nothing was imported.',
  'error.pack.noCampaign': 'The pack has no campaign.json. Nothing was imported.',
  'error.pack.tooLarge':
    'The pack is too large: a campaign of up to {campaignMb} MB, pictures of up to {mapMb} MB, {packMb} MB in all. Nothing was imported.',
  'error.pack.bomb':
    'A file in the pack inflates to far more than it announces (a decompression bomb); the import stopped at once. Nothing was imported.',
  'error.pack.damaged':
    'A file in the pack is damaged (cut short, or its checksum or its name does not match). Nothing was imported.',
  'error.pack.campaignInvalid':
    'The campaign in the pack is not one the app can read. Nothing was imported.',
  'error.pack.pictureMissing':
    'The campaign uses a picture that is neither in the pack nor in the data folder. Nothing was imported.',
} as const

export const ja = {
  'status.importedIgnoring':
    '「{name}」を読み込みました。パック内でキャンペーンが使っていない {count} 個のファイルは取り込んでいません。',
  'status.importedIgnoring.one':
    '「{name}」を読み込みました。パック内でキャンペーンが使っていない 1 個のファイルは取り込んでいません。',
  'status.replacedIgnoring':
    '「{name}」を置き換えました（置き換えられたものはごみ箱にあります）。パック内でキャンペーンが使っていない {count} 個のファイルは取り込んでいません。',
  'status.replacedIgnoring.one':
    '「{name}」を置き換えました（置き換えられたものはごみ箱にあります）。パック内でキャンペーンが使っていない 1 個のファイルは取り込んでいません。',
  'error.picture.notImage': 'PNG・JPEG・WebP の画像ではありません。何も保存していません。',
  'error.picture.tooLarge':
    '画像ファイルが大きすぎます。マップ画像は {mapMb} MB、コマ画像は {tokenMb} MB までです。何も保存していません。',
  'error.picture.tooManyPixels':
    '画像の画素数が多すぎます。マップ画像は一辺 {mapSide} 画素・合計 {mapMp} 百万画素まで、コマ画像は一辺 {tokenSide} 画素までです。何も保存していません。',
  'error.picture.overMemory':
    'この画像を展開するには {budgetMb} MB を超えるメモリが必要です（JPEG・WebP は PNG より1画素あたりのメモリが多く要ります）。小さくするか PNG で保存してください。何も保存していません。',
  'error.picture.undecodable':
    '画像が壊れています。PNG・JPEG・WebP のヘッダーはありますが、画素を展開できません。何も保存していません。',
  'error.picture.notFound': '画像がデータフォルダにありません。',
  'error.picture.uvttImage':
    'このファイルのマップ画像は、画素を展開できる PNG・WebP ではありません。何も読み込んでいません。',
  'error.pack.unreadable':
    'このファイルはアプリが読めるキャンペーンパックではありません。何も読み込んでいません。',
  'error.pack.badEntry':
    'パックに、フォルダの外を指す名前（「..」や絶対パス）のファイルがあります。何も読み込んでいません。',
  'error.pack.duplicate':
    'パックに同じ名前のファイルが 2 つあり（campaign.json が 2 つなど）、どちらを使うか決められません。何も読み込んでいません。',
  'error.pack.noCampaign': 'パックに campaign.json がありません。何も読み込んでいません。',
  'error.pack.tooLarge':
    'パックが大きすぎます。キャンペーンは {campaignMb} MB、画像は {mapMb} MB、合計 {packMb} MB までです。何も読み込んでいません。',
  'error.pack.bomb':
    'パック内のファイルが、書かれた大きさをはるかに超えて展開されます（解凍爆弾）。読み込みはすぐに止めました。何も読み込んでいません。',
  'error.pack.damaged':
    'パック内のファイルが壊れています（途中で切れている、チェックサムや名前が合わない）。何も読み込んでいません。',
  'error.pack.campaignInvalid':
    'パック内のキャンペーンはアプリが読める形ではありません。何も読み込んでいません。',
  'error.pack.pictureMissing':
    'キャンペーンが使う画像が、パックにもデータフォルダにもありません。何も読み込んでいません。',
} as const satisfies Record<keyof typeof en, string>
