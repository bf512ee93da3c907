#!/bin/bash
/tmp/lat/run.sh /tmp/lat/res2/none512 none ""
/tmp/lat/run.sh /tmp/lat/res2/dl128 "" 128
/tmp/lat/run.sh /tmp/lat/res2/none128 none 128
