# Writes the help of mmreport and of each command, as the binary BIN
# prints it, to TXT (plain text) and MAN (a man page, section 1).
#   cmake -DBIN=... -DTXT=... -DMAN=... -DVERSION=... -P HelpDoc.cmake
# A command whose help fails (measure in a build without CUDA) is left
# out with a note.
set(commands measure render export devices sessions merge)

execute_process(COMMAND ${BIN} --help OUTPUT_VARIABLE top
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${BIN} --help failed (${rc})")
endif()

# roff: backslashes doubled as \e, a leading . or ' guarded by \&
function(roff_escape text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

set(txt "${top}")
roff_escape("${top}" top_roff)
set(man ".TH MMREPORT 1 \"\" \"mmreport ${VERSION}\" \"User Commands\"
.SH NAME
mmreport \\- measure matrix-multiplication kernels on CUDA GPUs and write
LaTeX lab reports
.SH SYNOPSIS
.B mmreport
.I command
[options]
.SH DESCRIPTION
.nf
${top_roff}.fi
.SH COMMANDS
")
foreach(c ${commands})
  execute_process(COMMAND ${BIN} help ${c} OUTPUT_VARIABLE h
    ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    string(STRIP "${err}" err)
    set(h "(not in this build: ${err})\n")
  endif()
  string(APPEND txt "\n==== mmreport ${c} ====\n\n${h}")
  roff_escape("${h}" h_roff)
  string(APPEND man ".SS ${c}\n.nf\n${h_roff}.fi\n")
endforeach()
string(APPEND man ".SH SEE ALSO
The README and ARCHITECTURE.md of the source tree.
")
file(WRITE ${TXT} "${txt}")
file(WRITE ${MAN} "${man}")
