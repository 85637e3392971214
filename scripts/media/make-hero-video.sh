#!/bin/sh
# Regenerates public/media/hero.mp4, hero.webm and hero-poster.webp from public/media/hero-skyline.svg.
# Run by hand from the repo root: sh scripts/media/make-hero-video.sh
# Needs: node + playwright-core (devDependency) + Chromium, and ffmpeg with libx264, libvpx-vp9 and libwebp.
# Not part of install, build or tests.
set -eu
FFMPEG=${FFMPEG:-ffmpeg}
FPS=24
SECS=10
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

node scripts/media/render-video-frames.mjs "$WORK" 1280 720 "$FPS" "$SECS"

# H.264 (yuv420p, faststart, no audio). Flat artwork compresses well; tune=animation keeps gradients clean.
"$FFMPEG" -y -loglevel error -framerate "$FPS" -i "$WORK/frame-%04d.png" \
  -c:v libx264 -preset veryslow -tune animation -crf 26 -pix_fmt yuv420p -profile:v high \
  -movflags +faststart -an public/media/hero.mp4

# VP9 (two-pass constrained quality, no audio)
"$FFMPEG" -y -loglevel error -framerate "$FPS" -i "$WORK/frame-%04d.png" \
  -c:v libvpx-vp9 -b:v 700k -crf 34 -pix_fmt yuv420p -row-mt 1 -pass 1 -passlogfile "$WORK/vp9" -an -f null /dev/null
"$FFMPEG" -y -loglevel error -framerate "$FPS" -i "$WORK/frame-%04d.png" \
  -c:v libvpx-vp9 -b:v 700k -crf 34 -pix_fmt yuv420p -row-mt 1 -pass 2 -passlogfile "$WORK/vp9" -an public/media/hero.webm

# Poster = first frame of the loop, rendered at 1600x900
"$FFMPEG" -y -loglevel error -i "$WORK/poster.png" -c:v libwebp -quality 82 -compression_level 6 public/media/hero-poster.webp

ls -l public/media/hero.mp4 public/media/hero.webm public/media/hero-poster.webp
