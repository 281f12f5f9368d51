import { mount } from 'svelte'
import PlayerApp from './PlayerApp.svelte'
import './player.css'

mount(PlayerApp, { target: document.getElementById('app')! })
