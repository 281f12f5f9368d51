// What the GM is told when main keeps a campaign openable (issue 27): a change refused because the
// campaign would pass one of the loader's limits, and journal data set aside instead of replayed.
export const en = {
  'limit.file':
    'That change was not made: the campaign file would be over the {limit} MB the app opens, and the campaign could no longer be opened.',
  'limit.funds':
    'That change was not made: guild funds would pass their limit of {limit} G, and the campaign could no longer be opened.',
  'limit.money':
    'That change was not made: a PC’s money would pass its limit of {limit} G, and the campaign could no longer be opened.',
  'limit.picks':
    'That change was not made: a PC would hold more than {limit} general-skill picks, and the campaign could no longer be opened.',
  'limit.connections':
    'That change was not made: a PC would hold more than {limit} connections, and the campaign could no longer be opened.',
  'limit.conditions':
    'That change was not made: a map can hold {limit} conditions, and the campaign could no longer be opened with more.',
  'limit.combatants':
    'That change was not made: a turn order can hold {limit} combatants, and the campaign could no longer be opened with more.',
  'limit.list':
    'That change was not made: a list in the campaign would pass its limit of {limit} entries, and the campaign could no longer be opened.',
  'limit.other':
    'That change was not made: a value in the campaign would pass its limit of {limit}, and the campaign could no longer be opened.',
  'limit.value':
    'That change was not made: it would leave a value the campaign file cannot hold, and the campaign could no longer be opened.',
  'journal.title': 'Some recent changes could not be replayed',
  'journal.damaged-header':
    'The journal file {file} is damaged at its start, so the changes in it were not replayed. It is kept unchanged as {keptAs}.',
  'journal.damaged-line':
    'The journal file {file} is damaged at line {line}: the {count} changes before it were replayed, the rest were not. The whole file is kept as {keptAs}.',
  'journal.damaged-line.one':
    'The journal file {file} is damaged at line {line}: the change before it was replayed, the rest were not. The whole file is kept as {keptAs}.',
  'journal.not-applicable':
    'A change in the journal file {file} (line {line}) does not apply to this campaign: the {count} changes before it were replayed, it and the changes after it were not. The whole file is kept as {keptAs}.',
  'journal.not-applicable.one':
    'A change in the journal file {file} (line {line}) does not apply to this campaign: the change before it was replayed, it and the changes after it were not. The whole file is kept as {keptAs}.',
  'journal.unmatched':
    'The journal file {file} belongs to another version of the campaign file (replaced by hand?), so its {count} changes were not replayed. It is kept as {keptAs}.',
  'journal.unmatched.one':
    'The journal file {file} belongs to another version of the campaign file (replaced by hand?), so its change was not replayed. It is kept as {keptAs}.',
  'journal.unchained':
    'The journal file {file} does not follow the changes replayed before it, so its {count} changes were not replayed. It is kept as {keptAs}.',
  'journal.unchained.one':
    'The journal file {file} does not follow the changes replayed before it, so its change was not replayed. It is kept as {keptAs}.',
  'journal.where':
    'These files are in the journal folder of the data folder (see “Where your campaigns live” in the README).',
  'journal.dismiss': 'Dismiss',
} as const

export const ja = {
  'limit.file':
    'その変更はできませんでした。キャンペーンファイルがアプリで開ける {limit} MB を超え、キャンペーンを開けなくなるためです。',
  'limit.funds':
    'その変更はできませんでした。ギルド資金が上限の {limit} G を超え、キャンペーンを開けなくなるためです。',
  'limit.money':
    'その変更はできませんでした。PCの所持金が上限の {limit} G を超え、キャンペーンを開けなくなるためです。',
  'limit.picks':
    'その変更はできませんでした。保留中の一般スキル取得が上限の {limit} を超え、キャンペーンを開けなくなるためです。',
  'limit.connections':
    'その変更はできませんでした。保留中のコネクションが上限の {limit} を超え、キャンペーンを開けなくなるためです。',
  'limit.conditions':
    'その変更はできませんでした。1つのマップの状態は {limit} 個までで、それを超えるとキャンペーンを開けなくなるためです。',
  'limit.combatants':
    'その変更はできませんでした。行動順は {limit} 体までで、それを超えるとキャンペーンを開けなくなるためです。',
  'limit.list':
    'その変更はできませんでした。キャンペーン内の一覧が上限の {limit} 件を超え、キャンペーンを開けなくなるためです。',
  'limit.other':
    'その変更はできませんでした。キャンペーン内の値が上限の {limit} を超え、キャンペーンを開けなくなるためです。',
  'limit.value':
    'その変更はできませんでした。キャンペーンファイルに保存できない値になり、キャンペーンを開けなくなるためです。',
  'journal.title': '最近の変更の一部を再現できませんでした',
  'journal.damaged-header':
    'ジャーナル {file} は先頭が壊れているため、中の変更は再現していません。ファイルはそのまま {keptAs} として残してあります。',
  'journal.damaged-line':
    'ジャーナル {file} は {line} 行目が壊れています。その前の {count} 件の変更は再現し、残りは再現していません。ファイル全体を {keptAs} として残してあります。',
  'journal.damaged-line.one':
    'ジャーナル {file} は {line} 行目が壊れています。その前の {count} 件の変更は再現し、残りは再現していません。ファイル全体を {keptAs} として残してあります。',
  'journal.not-applicable':
    'ジャーナル {file} の {line} 行目の変更はこのキャンペーンに適用できません。その前の {count} 件は再現し、その変更と以降の変更は再現していません。ファイル全体を {keptAs} として残してあります。',
  'journal.not-applicable.one':
    'ジャーナル {file} の {line} 行目の変更はこのキャンペーンに適用できません。その前の {count} 件は再現し、その変更と以降の変更は再現していません。ファイル全体を {keptAs} として残してあります。',
  'journal.unmatched':
    'ジャーナル {file} は別の版のキャンペーンファイル用です（手で差し替えられた可能性があります）。中の {count} 件の変更は再現していません。{keptAs} として残してあります。',
  'journal.unmatched.one':
    'ジャーナル {file} は別の版のキャンペーンファイル用です（手で差し替えられた可能性があります）。中の {count} 件の変更は再現していません。{keptAs} として残してあります。',
  'journal.unchained':
    'ジャーナル {file} はその前に再現した変更に続いていないため、中の {count} 件の変更は再現していません。{keptAs} として残してあります。',
  'journal.unchained.one':
    'ジャーナル {file} はその前に再現した変更に続いていないため、中の {count} 件の変更は再現していません。{keptAs} として残してあります。',
  'journal.where':
    'これらのファイルはデータフォルダーの journal フォルダーにあります（README の「Where your campaigns live」を参照）。',
  'journal.dismiss': '閉じる',
} as const
