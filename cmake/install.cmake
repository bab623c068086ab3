# What `cmake --install` puts where (GNUInstallDirs, README "Install"):
#   bin/botsim                   the program
#   share/botsim/                the shipped scenarios and lab sheets, in the source tree's layout
#                                (a deployment's relative paths stay valid); botsim finds them
#                                beside its bin/ directory (experiments::data_dirs)
#   share/man/man1/botsim.1      the man page, from the program's help (below)
#   share/doc/botsim/            README, licence, citation and docs
install(TARGETS botsim RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/platforms ${PROJECT_SOURCE_DIR}/deployments
                  ${PROJECT_SOURCE_DIR}/workloads ${PROJECT_SOURCE_DIR}/examples
                  ${PROJECT_SOURCE_DIR}/labs
        DESTINATION ${CMAKE_INSTALL_DATADIR}/botsim)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE
              ${PROJECT_SOURCE_DIR}/CITATION.cff
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)

# The man page, written from the program's own help (cmake/man_page.cmake) whenever botsim is
# rebuilt; never edited by hand.
set(BOTSIM_MAN_PAGE ${PROJECT_BINARY_DIR}/botsim.1)
add_custom_command(
  OUTPUT ${BOTSIM_MAN_PAGE}
  COMMAND ${CMAKE_COMMAND} -DBOTSIM=$<TARGET_FILE:botsim> -DOUT=${BOTSIM_MAN_PAGE}
          -P ${PROJECT_SOURCE_DIR}/cmake/man_page.cmake
  DEPENDS botsim ${PROJECT_SOURCE_DIR}/cmake/man_page.cmake
  COMMENT "Writing the man page botsim.1 from botsim's help")
add_custom_target(man_page ALL DEPENDS ${BOTSIM_MAN_PAGE})
install(FILES ${BOTSIM_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
