#!/usr/bin/env python3
# The built metainfo passes appstreamcli validate with no warning, info
# or pedantic hint (but the one an app ID with capitals always draws),
# and each screenshot it names is in data/screenshots at the size it
# gives, a PNG; its newest release is the project's version.
#
#   check-metainfo.py APPSTREAMCLI METAINFO SCREENSHOT_DIR VERSION
import os
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

# GNOME's IDs keep the app's name capitalised (io.github.arbiter.Arbiter).
ALLOWED = {'cid-contains-uppercase-letter'}

appstreamcli, metainfo, shots, version = sys.argv[1:5]
status = 0

run = subprocess.run([appstreamcli, 'validate', '--no-net', '--strict', '--pedantic', '--explain', metainfo],
                     capture_output=True, text=True)
print(run.stdout, run.stderr, sep='')
if run.returncode != 0:
    print(f'{metainfo}: appstreamcli validate --strict failed')
    status = 1
for line in run.stdout.splitlines():
    if line[:2] in ('E:', 'W:', 'I:', 'P:'):
        tag = line.split()[2] if len(line.split()) > 2 else ''
        if line.startswith('P:') and tag in ALLOWED:
            continue
        print(f'{metainfo}: not allowed: {line}')
        status = 1

root = ET.parse(metainfo).getroot()
images = root.findall('./screenshots/screenshot/image')
if not images:
    print(f'{metainfo}: no screenshots')
    status = 1
for screenshot in root.findall('./screenshots/screenshot'):
    if screenshot.find('caption') is None:
        print(f'{metainfo}: a screenshot without a caption')
        status = 1
for image in images:
    name = os.path.basename(image.text.strip())
    path = os.path.join(shots, name)
    try:
        with open(path, 'rb') as f:
            head = f.read(24)
    except OSError as e:
        print(f'{metainfo}: {name}: {e.strerror}')
        status = 1
        continue
    if head[:8] != b'\x89PNG\r\n\x1a\n' or head[12:16] != b'IHDR':
        print(f'{path}: not a PNG')
        status = 1
        continue
    w, h = struct.unpack('>II', head[16:24])
    if (str(w), str(h)) != (image.get('width'), image.get('height')):
        print(f'{path}: {w}x{h}, the metainfo says {image.get("width")}x{image.get("height")}')
        status = 1
releases = root.findall('./releases/release')
if not releases or releases[0].get('version') != version:
    newest = releases[0].get('version') if releases else 'none'
    print(f'{metainfo}: the newest release is {newest}, the project (meson.build) is {version}')
    status = 1
sys.exit(status)
