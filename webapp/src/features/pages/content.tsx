/**
 * The static pages (SPEC §2): terms, privacy, and the four tutorials. Until the server serves
 * pages, their text ships with the app. `{product}` is replaced with the instance's name.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface StaticPage {
  slug: string;
  title: string;
  summary: string;
  group: 'Tutorials' | 'Policies';
  body: (product: string) => ReactNode;
}

export const PAGES: StaticPage[] = [
  {
    slug: 'tutorial-take-photos',
    title: 'Taking good photos of public art',
    summary: 'Light, framing and location: photos that help others find and recognise a work.',
    group: 'Tutorials',
    body: () => (
      <>
        <p>A good photo lets someone recognise the artwork when they walk past it.</p>
        <ol>
          <li>Take one photo of the whole work with some of its surroundings, then closer ones of details and any plaque.</li>
          <li>Shoot with the light behind you when you can; avoid strong shadows across the work.</li>
          <li>Keep location on in your camera app: the photo’s location finds the artwork for you when you add it.</li>
          <li>Leave people out of the frame, or make sure they can’t be recognised.</li>
        </ol>
        <p>
          Ready? Press the <strong>+</strong> button and choose your photos.
        </p>
      </>
    ),
  },
  {
    slug: 'tutorial-update-information',
    title: 'Updating artwork information',
    summary: 'Fix a title, add the artist or the year, and how moderators review it.',
    group: 'Tutorials',
    body: () => (
      <>
        <p>
          Open an artwork and choose <strong>Edit</strong>. You need to be signed in so that moderators can follow up on
          your changes.
        </p>
        <ul>
          <li>Only change what you know, and prefer sources such as the plaque or the city’s own record.</li>
          <li>Details like material, height and year help people search.</li>
          <li>Your changes appear after a moderator approves them. You’ll get a notification.</li>
        </ul>
      </>
    ),
  },
  {
    slug: 'tutorial-explore-nearby-artworks',
    title: 'Exploring artworks nearby',
    summary: 'Use the map, your location and the list view to find art around you.',
    group: 'Tutorials',
    body: () => (
      <>
        <p>
          The <Link to="/">map</Link> shows the artworks around where you look. Groups of nearby artworks appear as numbered
          circles: select one to zoom in.
        </p>
        <ul>
          <li>Press the location button to centre the map on you (your browser asks first; your location stays on your device).</li>
          <li>Select a marker to see a preview, then <strong>View details</strong> for photos and history.</li>
          <li>
            Prefer a list? The <strong>List</strong> button shows every artwork in view, and works with a keyboard or screen
            reader.
          </li>
        </ul>
      </>
    ),
  },
  {
    slug: 'tutorial-rate-artworks',
    title: 'Logging visits to artworks',
    summary: 'Record that you visited a work, with a photo and a note on its condition.',
    group: 'Tutorials',
    body: () => (
      <>
        <p>
          Each visit you log keeps the record current: is the mural still there, is the sculpture damaged? On an artwork’s
          page, choose <strong>Log a visit</strong>, add a photo and, if you like, a short note.
        </p>
        <p>If an artwork is gone, use <strong>Report as missing</strong> instead: moderators will check.</p>
      </>
    ),
  },
  {
    slug: 'terms-of-service',
    title: 'Terms of service',
    summary: 'The rules for using and contributing to the registry.',
    group: 'Policies',
    body: (product) => (
      <>
        <p>
          {product} is a community registry. By using it, or by adding photos or information, you agree to these terms.
        </p>
        <h2>Your contributions</h2>
        <ul>
          <li>Only upload photos you took yourself, or that you have the right to share.</li>
          <li>
            You allow {product} to publish your photos and information as part of the registry, and to let others reuse them
            with credit.
          </li>
          <li>Contributions are reviewed by volunteer moderators, who may edit or decline them.</li>
        </ul>
        <h2>Be respectful</h2>
        <p>Don’t post people’s faces or private details, offensive material, or anything unlawful. Don’t trespass for a photo.</p>
        <h2>Open data</h2>
        <p>
          Many records come from open datasets published by cities and institutions. Each artwork names its source and
          licence, which govern that data.
        </p>
        <h2>No warranty</h2>
        <p>The registry is provided as is. Information may be incomplete or out of date: check before you travel.</p>
      </>
    ),
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy policy',
    summary: 'What we store about you, and what we never do.',
    group: 'Policies',
    body: (product) => (
      <>
        <p>{product} collects as little about you as it can.</p>
        <h2>Without an account</h2>
        <p>
          Your browser keeps a random token that links your contributions together. The server stores only a one-way hash of
          it, never the token itself.
        </p>
        <h2>With an account</h2>
        <p>
          We store your email address to send you sign-in links and notifications. It is never shown publicly and never
          sold. Signing in links your earlier anonymous contributions to your account.
        </p>
        <h2>Photos</h2>
        <p>
          The location in your photos is used to place the artwork. Published copies of photos have camera and location
          metadata removed; originals are kept private.
        </p>
        <h2>Your location</h2>
        <p>When you use “my location”, your position is used in your browser to centre the map. It is not stored.</p>
        <h2>Questions</h2>
        <p>Use “Send feedback” to reach the moderators.</p>
      </>
    ),
  },
];

export function findPage(slug: string): StaticPage | undefined {
  return PAGES.find((p) => p.slug === slug);
}
