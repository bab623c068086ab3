# What `cmake --install` puts where (GNUInstallDirs, README "Install"):
#   bin/botsim                   the program
#   share/botsim/                the shipped scenarios and lab sheets, in the source tree's layout
#                                (a deployment's relative paths stay valid); botsim finds them
#                                beside its bin/ directory (experiments::data_dirs)
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
