# Writes botsim's man page from the program's own help, at build time (cmake/install.cmake):
# `botsim --version`, `botsim --help`, and `botsim COMMAND --help` for every command that
# `botsim --help` lists. Only the page's frame is written here; its text is the program's.
#   cmake -DBOTSIM=build/botsim -DOUT=build/botsim.1 -P cmake/man_page.cmake
cmake_minimum_required(VERSION 3.18)

# The standard output of `botsim ARGS...`, which must succeed.
function(botsim_output out_var)
  execute_process(COMMAND ${BOTSIM} ${ARGN} OUTPUT_VARIABLE text ERROR_VARIABLE err
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "man page: '${BOTSIM} ${ARGN}' failed (${rc}): ${err}")
  endif()
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# `text` as roff: backslashes and hyphens escaped (a hyphen stays the minus of an option), a
# line starting with . or ' kept from being read as a request.
function(roff out_var text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# A help text as it is printed: unfilled, blank lines kept.
function(roff_verbatim out_var text)
  string(STRIP "${text}" text)
  roff(text "${text}")
  set(${out_var} ".nf\n${text}\n.fi\n" PARENT_SCOPE)
endfunction()

botsim_output(version --version)
string(STRIP "${version}" version)  # "botsim 1.2.3"
botsim_output(help --help)

# The first line is "botsim: what it is"; the commands follow "Subcommands:", one per line,
# indented by two spaces (their descriptions' continuation lines by more).
string(REGEX MATCH "^botsim: ([^\n]*)\n" first_line "${help}")
if(NOT first_line)
  message(FATAL_ERROR "man page: 'botsim --help' does not start with 'botsim: ...'")
endif()
set(summary "${CMAKE_MATCH_1}")
string(LENGTH "${first_line}" skip)
string(SUBSTRING "${help}" ${skip} -1 description)
string(FIND "${help}" "\nSubcommands:\n" at)
if(at EQUAL -1)
  message(FATAL_ERROR "man page: 'botsim --help' lists no commands")
endif()
string(SUBSTRING "${help}" ${at} -1 listed)
string(REGEX MATCHALL "\n  [a-z][a-z0-9-]*" commands "${listed}")
list(TRANSFORM commands STRIP)

roff(summary "${summary}")
roff(version_roff "${version}")
set(page ".\\\" Generated from botsim's help by cmake/man_page.cmake: do not edit.\n")
string(APPEND page ".TH BOTSIM 1 \"\" \"${version_roff}\" \"User Commands\"\n")
string(APPEND page ".SH NAME\nbotsim \\- ${summary}\n")
string(APPEND page ".SH SYNOPSIS\n")
foreach(command IN LISTS commands)
  string(APPEND page ".B botsim ${command}\n.RI [ OPTIONS ]\n.br\n")
endforeach()
string(APPEND page ".B botsim\n.RB [ \\-\\-help | \\-\\-version ]\n")
roff_verbatim(text "${description}")
string(APPEND page ".SH DESCRIPTION\n${text}")
string(APPEND page ".SH COMMANDS\n")
foreach(command IN LISTS commands)
  botsim_output(command_help ${command} --help)
  roff_verbatim(text "${command_help}")
  string(APPEND page ".SS \"botsim ${command}\"\n${text}")
endforeach()
string(APPEND page ".SH VERSION\n${version_roff}\n")
string(APPEND page ".SH \"SEE ALSO\"\n"
       "The README and the docs/ directory, installed in PREFIX/share/doc/botsim/; the shipped "
       "scenarios, examples and lab sheets in PREFIX/share/botsim/.\n")
file(WRITE "${OUT}" "${page}")
