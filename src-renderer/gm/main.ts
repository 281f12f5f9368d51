import { mount } from 'svelte'
import App from './App.svelte'
import './gm.css'

mount(App, { target: document.getElementById('app')! })
