// What a campaign's open says it changed (core/campaign/repair-notes.ts): main sends codes with
// their counts and ids, these word them. {map} is the map's name, or its id when it has none.
export const en = {
  'repair.schema-upgraded': 'Upgraded from schema version {fromVersion} to {toVersion}.',
  'repair.campaign-id-mismatch':
    'The campaign’s inner id “{innerId}” did not match its file name; it now uses “{fileId}”.',
  'repair.map-id-duplicate':
    'Map “{mapId}” shared its id with another map; renamed to “{renamedTo}”.',
  'repair.cells-outside-dropped': 'Map “{map}”: dropped {count} cells outside the map.',
  'repair.cells-outside-dropped.one': 'Map “{map}”: dropped {count} cell outside the map.',
  'repair.cell-entries-merged': 'Map “{map}”: merged {count} duplicate cell entries.',
  'repair.cell-entries-merged.one': 'Map “{map}”: merged {count} duplicate cell entry.',
  'repair.cell-entries-dropped':
    'Map “{map}”: dropped {count} cell entries that only held defaults.',
  'repair.cell-entries-dropped.one':
    'Map “{map}”: dropped {count} cell entry that only held defaults.',
  'repair.edges-outside-dropped': 'Map “{map}”: dropped {count} edges outside the map.',
  'repair.edges-outside-dropped.one': 'Map “{map}”: dropped {count} edge outside the map.',
  'repair.edges-not-neighbours-dropped':
    'Map “{map}”: dropped {count} edges between cells that are not neighbours.',
  'repair.edges-not-neighbours-dropped.one':
    'Map “{map}”: dropped {count} edge between cells that are not neighbours.',
  'repair.duplicate-edges-removed': 'Map “{map}”: removed {count} duplicate edges.',
  'repair.duplicate-edges-removed.one': 'Map “{map}”: removed {count} duplicate edge.',
  'repair.tokens-moved-onto-map': 'Map “{map}”: moved {count} tokens back onto the map.',
  'repair.tokens-moved-onto-map.one': 'Map “{map}”: moved {count} token back onto the map.',
  'repair.tokens-resized': 'Map “{map}”: reset {count} tokens larger than the map to medium size.',
  'repair.tokens-resized.one':
    'Map “{map}”: reset {count} token larger than the map to medium size.',
  'repair.token-ids-renamed': 'Map “{map}”: renamed {count} tokens whose id was already used.',
  'repair.token-ids-renamed.one': 'Map “{map}”: renamed {count} token whose id was already used.',
  'repair.lights-outside-dropped': 'Map “{map}”: dropped {count} light sources outside the map.',
  'repair.lights-outside-dropped.one': 'Map “{map}”: dropped {count} light source outside the map.',
  // Repairs in more maps than the status line names (repair-notes.ts): summed by kind.
  'repair.cells-outside-dropped.maps': 'In {maps} maps: dropped {count} cells outside the map.',
  'repair.cells-outside-dropped.maps.one': 'In {maps} maps: dropped {count} cell outside the map.',
  'repair.cell-entries-merged.maps': 'In {maps} maps: merged {count} duplicate cell entries.',
  'repair.cell-entries-merged.maps.one': 'In {maps} maps: merged {count} duplicate cell entry.',
  'repair.cell-entries-dropped.maps':
    'In {maps} maps: dropped {count} cell entries that only held defaults.',
  'repair.cell-entries-dropped.maps.one':
    'In {maps} maps: dropped {count} cell entry that only held defaults.',
  'repair.edges-outside-dropped.maps': 'In {maps} maps: dropped {count} edges outside the map.',
  'repair.edges-outside-dropped.maps.one': 'In {maps} maps: dropped {count} edge outside the map.',
  'repair.edges-not-neighbours-dropped.maps':
    'In {maps} maps: dropped {count} edges between cells that are not neighbours.',
  'repair.edges-not-neighbours-dropped.maps.one':
    'In {maps} maps: dropped {count} edge between cells that are not neighbours.',
  'repair.duplicate-edges-removed.maps': 'In {maps} maps: removed {count} duplicate edges.',
  'repair.duplicate-edges-removed.maps.one': 'In {maps} maps: removed {count} duplicate edge.',
  'repair.tokens-moved-onto-map.maps': 'In {maps} maps: moved {count} tokens back onto the map.',
  'repair.tokens-moved-onto-map.maps.one': 'In {maps} maps: moved {count} token back onto the map.',
  'repair.tokens-resized.maps':
    'In {maps} maps: reset {count} tokens larger than the map to medium size.',
  'repair.tokens-resized.maps.one':
    'In {maps} maps: reset {count} token larger than the map to medium size.',
  'repair.token-ids-renamed.maps':
    'In {maps} maps: renamed {count} tokens whose id was already used.',
  'repair.token-ids-renamed.maps.one':
    'In {maps} maps: renamed {count} token whose id was already used.',
  'repair.lights-outside-dropped.maps':
    'In {maps} maps: dropped {count} light sources outside the map.',
  'repair.lights-outside-dropped.maps.one':
    'In {maps} maps: dropped {count} light source outside the map.',
}

export const ja: Record<keyof typeof en, string> = {
  'repair.schema-upgraded':
    'ファイル形式をバージョン {fromVersion} から {toVersion} に更新しました。',
  'repair.campaign-id-mismatch':
    'キャンペーン内部の ID「{innerId}」がファイル名と一致しなかったため、「{fileId}」にしました。',
  'repair.map-id-duplicate':
    'マップ ID「{mapId}」が別のマップと重複していたため、「{renamedTo}」に変えました。',
  'repair.cells-outside-dropped': 'マップ「{map}」：マップ外のマス {count} 個を削除しました。',
  'repair.cells-outside-dropped.one': 'マップ「{map}」：マップ外のマス {count} 個を削除しました。',
  'repair.cell-entries-merged': 'マップ「{map}」：重複したマスの記述 {count} 件をまとめました。',
  'repair.cell-entries-merged.one':
    'マップ「{map}」：重複したマスの記述 {count} 件をまとめました。',
  'repair.cell-entries-dropped':
    'マップ「{map}」：既定値しか持たないマスの記述 {count} 件を削除しました。',
  'repair.cell-entries-dropped.one':
    'マップ「{map}」：既定値しか持たないマスの記述 {count} 件を削除しました。',
  'repair.edges-outside-dropped':
    'マップ「{map}」：マップ外の壁・扉・窓 {count} 本を削除しました。',
  'repair.edges-outside-dropped.one':
    'マップ「{map}」：マップ外の壁・扉・窓 {count} 本を削除しました。',
  'repair.edges-not-neighbours-dropped':
    'マップ「{map}」：隣り合わないマスの間にあった壁・扉・窓 {count} 本を削除しました。',
  'repair.edges-not-neighbours-dropped.one':
    'マップ「{map}」：隣り合わないマスの間にあった壁・扉・窓 {count} 本を削除しました。',
  'repair.duplicate-edges-removed':
    'マップ「{map}」：重複した壁・扉・窓 {count} 本を取り除きました。',
  'repair.duplicate-edges-removed.one':
    'マップ「{map}」：重複した壁・扉・窓 {count} 本を取り除きました。',
  'repair.tokens-moved-onto-map': 'マップ「{map}」：コマ {count} 個をマップ内に戻しました。',
  'repair.tokens-moved-onto-map.one': 'マップ「{map}」：コマ {count} 個をマップ内に戻しました。',
  'repair.tokens-resized': 'マップ「{map}」：マップより大きいコマ {count} 個を中型に戻しました。',
  'repair.tokens-resized.one':
    'マップ「{map}」：マップより大きいコマ {count} 個を中型に戻しました。',
  'repair.token-ids-renamed':
    'マップ「{map}」：ID が重複していたコマ {count} 個の ID を変えました。',
  'repair.token-ids-renamed.one':
    'マップ「{map}」：ID が重複していたコマ {count} 個の ID を変えました。',
  'repair.lights-outside-dropped': 'マップ「{map}」：マップ外の光源 {count} 個を削除しました。',
  'repair.lights-outside-dropped.one': 'マップ「{map}」：マップ外の光源 {count} 個を削除しました。',
  'repair.cells-outside-dropped.maps':
    'マップ {maps} 枚：マップ外のマス {count} 個を削除しました。',
  'repair.cells-outside-dropped.maps.one':
    'マップ {maps} 枚：マップ外のマス {count} 個を削除しました。',
  'repair.cell-entries-merged.maps':
    'マップ {maps} 枚：重複したマスの記述 {count} 件をまとめました。',
  'repair.cell-entries-merged.maps.one':
    'マップ {maps} 枚：重複したマスの記述 {count} 件をまとめました。',
  'repair.cell-entries-dropped.maps':
    'マップ {maps} 枚：既定値しか持たないマスの記述 {count} 件を削除しました。',
  'repair.cell-entries-dropped.maps.one':
    'マップ {maps} 枚：既定値しか持たないマスの記述 {count} 件を削除しました。',
  'repair.edges-outside-dropped.maps':
    'マップ {maps} 枚：マップ外の壁・扉・窓 {count} 本を削除しました。',
  'repair.edges-outside-dropped.maps.one':
    'マップ {maps} 枚：マップ外の壁・扉・窓 {count} 本を削除しました。',
  'repair.edges-not-neighbours-dropped.maps':
    'マップ {maps} 枚：隣り合わないマスの間にあった壁・扉・窓 {count} 本を削除しました。',
  'repair.edges-not-neighbours-dropped.maps.one':
    'マップ {maps} 枚：隣り合わないマスの間にあった壁・扉・窓 {count} 本を削除しました。',
  'repair.duplicate-edges-removed.maps':
    'マップ {maps} 枚：重複した壁・扉・窓 {count} 本を取り除きました。',
  'repair.duplicate-edges-removed.maps.one':
    'マップ {maps} 枚：重複した壁・扉・窓 {count} 本を取り除きました。',
  'repair.tokens-moved-onto-map.maps': 'マップ {maps} 枚：コマ {count} 個をマップ内に戻しました。',
  'repair.tokens-moved-onto-map.maps.one':
    'マップ {maps} 枚：コマ {count} 個をマップ内に戻しました。',
  'repair.tokens-resized.maps':
    'マップ {maps} 枚：マップより大きいコマ {count} 個を中型に戻しました。',
  'repair.tokens-resized.maps.one':
    'マップ {maps} 枚：マップより大きいコマ {count} 個を中型に戻しました。',
  'repair.token-ids-renamed.maps':
    'マップ {maps} 枚：ID が重複していたコマ {count} 個の ID を変えました。',
  'repair.token-ids-renamed.maps.one':
    'マップ {maps} 枚：ID が重複していたコマ {count} 個の ID を変えました。',
  'repair.lights-outside-dropped.maps':
    'マップ {maps} 枚：マップ外の光源 {count} 個を削除しました。',
  'repair.lights-outside-dropped.maps.one':
    'マップ {maps} 枚：マップ外の光源 {count} 個を削除しました。',
}
