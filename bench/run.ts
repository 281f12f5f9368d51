// `npm run bench [-- SECTION ...]`: runs the benchmark sections and prints one markdown report.
// Each rule system or view keeps its own module (bench/<name>.ts); add a section here with one
// entry. Sections: arianrhod, rules-query, save, open, wall-click, command-check, pathfinder, vision, fog, reach-scaling, uvtt, pictures, height-view, board-pan, campaign-page, map-art (the last four
// build the renderer and drive headless Chromium). With no names, every section runs.
import { arianrhodBenchRows, formatArianrhodRows } from './arianrhod'

interface Section {
  name: string
  title: string
  run: () => Promise<string>
}

const sections: Section[] = [
  {
    name: 'arianrhod',
    title: 'Arianrhod 2E — 200×200 map, 5,000 wall edges, 40 tokens',
    run: async () => formatArianrhodRows(arianrhodBenchRows()),
  },
  {
    name: 'rules-query',
    title: 'rules.query through the app (Arianrhod 200×200, 5,000 walls, 40 tokens)',
    run: async () => {
      const { runRulesQueryBench, formatRulesQueryBench } = await import('./rules-query')
      return formatRulesQueryBench(await runRulesQueryBench())
    },
  },
  {
    name: 'save',
    title: 'Saving a 50-map campaign (main-process event loop)',
    run: async () => {
      const { runSaveStallBench, formatSaveStallBench } = await import('./save-stall')
      return formatSaveStallBench(await runSaveStallBench())
    },
  },
  {
    name: 'wall-click',
    title:
      'A wall click on the host: CPU, the players’ fog and the player view per change (issue 29)',
    run: async () => {
      const { runWallClickBench, formatWallClickBench } = await import('./wall-click')
      return formatWallClickBench(await runWallClickBench())
    },
  },
  {
    name: 'open',
    title: 'Opening a 50-map campaign in the campaign service (issue 29)',
    run: async () => {
      const { runServiceOpenBench, formatServiceOpenBench } = await import('./service-open')
      return formatServiceOpenBench(await runServiceOpenBench())
    },
  },
  {
    name: 'command-check',
    title: 'Keeping a 50-map campaign openable: the loader’s checks on each command (issue 27)',
    run: async () => {
      const { runCommandCheckBench, formatCommandCheckBench } = await import('./command-check')
      return formatCommandCheckBench(runCommandCheckBench())
    },
  },
  {
    name: 'pathfinder',
    title: 'Pathfinder 1e',
    run: async () => {
      const { runPathfinderBench, formatRows } = await import('./pathfinder')
      return formatRows(runPathfinderBench())
    },
  },
  {
    name: 'vision',
    title: 'Vision — party field of view vs rot.js PreciseShadowcasting',
    run: async () => {
      const { runVisionBench, formatVisionRows } = await import('./vision')
      return formatVisionRows(runVisionBench())
    },
  },
  {
    name: 'fog',
    title: "Fog — the players' fog as the app computes it vs rot.js PreciseShadowcasting",
    run: async () => {
      const { runFogBench, formatFogRows } = await import('./fog')
      return formatFogRows(runFogBench())
    },
  },
  {
    name: 'reach-scaling',
    title: 'Whole-map reach per square, 200² and 800² (app path)',
    run: async () => {
      const { runReachScalingBench, formatReachScalingRows } = await import('./reach-scaling')
      return formatReachScalingRows(runReachScalingBench())
    },
  },
  {
    name: 'height-view',
    title: 'Height view (three.js)',
    run: async () => {
      const { runHeightViewBench, formatHeightViewBench } = await import('./height-view')
      return formatHeightViewBench(await runHeightViewBench())
    },
  },
  {
    name: 'board-pan',
    title: 'Board pan',
    run: async () => {
      const { runBoardPanBench, formatBoardPanBench } = await import('./board-pan')
      return formatBoardPanBench(await runBoardPanBench())
    },
  },
  {
    name: 'campaign-page',
    title: 'A 51-map campaign in the GM page (open, wall click)',
    run: async () => {
      const { runCampaignPageBench, formatCampaignPageBench } = await import('./campaign-page')
      return formatCampaignPageBench(
        await runCampaignPageBench({ baseline: process.env.BENCH_BASELINE }),
      )
    },
  },
  {
    name: 'uvtt',
    title: 'Universal VTT import',
    run: async () => {
      const { runUvttBench, formatUvttBench } = await import('./uvtt')
      return formatUvttBench(await runUvttBench())
    },
  },
  {
    name: 'pictures',
    title: 'Hostile pictures and packs through the host (issues 26, 27)',
    run: async () => {
      const { runPicturesBench, formatPicturesBench } = await import('./pictures')
      return formatPicturesBench(await runPicturesBench())
    },
  },
  {
    name: 'map-art',
    title: 'Map art',
    run: async () => {
      const { runMapArtBench, formatMapArtBench } = await import('./map-art')
      return formatMapArtBench(await runMapArtBench())
    },
  },
]

const wanted = process.argv.slice(2).filter((a) => a !== '--')
const unknown = wanted.filter((w) => !sections.some((s) => s.name === w))
if (unknown.length > 0) {
  console.error(
    `unknown bench section(s): ${unknown.join(', ')}; known: ${sections.map((s) => s.name).join(', ')}`,
  )
  process.exit(2)
}

let failed = false
console.log(`# Benchmarks (${new Date().toISOString()}, Node ${process.version})\n`)
for (const section of sections) {
  if (wanted.length > 0 && !wanted.includes(section.name)) continue
  console.log(`## ${section.title}\n`)
  try {
    console.log(`${await section.run()}\n`)
  } catch (e) {
    failed = true
    console.log(`section failed: ${(e as Error).message}\n`)
  }
}
process.exit(failed ? 1 : 0)
