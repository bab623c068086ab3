# What `cmake --install` puts where (GNUInstallDirs, README "Install"):
#   bin/botsim                   the program
#   share/botsim/                the shipped scenarios and lab sheets, in the source tree's layout
#                                (a deployment's relative paths stay valid); botsim finds them
#                                beside its bin/ directory (experiments::data_dirs)
#   share/man/man1/botsim.1      the man page, from the program's help (below)
#   share/doc/botsim/            README, licence, citation, docs and the reproduced results;
#                                labs/ links to share/botsim/labs, and share/botsim/docs
#                                to these docs
#   include/botsim/policy/       the policies' public headers, for plug-ins (docs/policies.md)
#   share/cmake/botsim/          the CMake package: find_package(botsim), botsim::policy
install(TARGETS botsim RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# Plug-ins of policies are built against the installed headers alone (the interfaces are
# abstract classes and inline code): the package is one header-only target, botsim::policy.
list(TRANSFORM BOTSIM_POLICY_HEADERS PREPEND ${PROJECT_SOURCE_DIR}/src/policy/
     OUTPUT_VARIABLE BOTSIM_POLICY_HEADER_FILES)
install(FILES ${BOTSIM_POLICY_HEADER_FILES}
              ${BOTSIM_POLICY_INCLUDE}/botsim/policy/policy_version.hpp
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/botsim/policy)
include(CMakePackageConfigHelpers)
set(BOTSIM_CMAKE_DIR ${CMAKE_INSTALL_DATADIR}/cmake/botsim)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/botsimConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/botsimConfig.cmake
                              INSTALL_DESTINATION ${BOTSIM_CMAKE_DIR}
                              PATH_VARS CMAKE_INSTALL_INCLUDEDIR)
# A plug-in runs only in the botsim it was built against: the exact version.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/botsimConfigVersion.cmake
                                 COMPATIBILITY ExactVersion ARCH_INDEPENDENT)
install(FILES ${PROJECT_BINARY_DIR}/botsimConfig.cmake
              ${PROJECT_BINARY_DIR}/botsimConfigVersion.cmake DESTINATION ${BOTSIM_CMAKE_DIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/platforms ${PROJECT_SOURCE_DIR}/deployments
                  ${PROJECT_SOURCE_DIR}/workloads ${PROJECT_SOURCE_DIR}/examples
                  ${PROJECT_SOURCE_DIR}/labs
        DESTINATION ${CMAKE_INSTALL_DATADIR}/botsim)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE
              ${PROJECT_SOURCE_DIR}/CITATION.cff
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
# The reproduced results the README and docs link to (results/README.md, the figures), and the
# lab sheets through a link to the data directory (and the docs the lab sheets link to from
# there), so that every relative link of the installed README and docs resolves
# (scripts/install-test checks them).
# Only what is committed: not the runs a user made in the source tree (.gitignore's list).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/results/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/results
        PATTERN "runs" EXCLUDE PATTERN "runs-*" EXCLUDE PATTERN "sweeps" EXCLUDE
        PATTERN "deployments" EXCLUDE PATTERN "scenarios" EXCLUDE PATTERN "*.work" EXCLUDE
        PATTERN "*.tmp-*" EXCLUDE)
file(RELATIVE_PATH BOTSIM_DOC_TO_LABS ${CMAKE_INSTALL_FULL_DOCDIR}
     ${CMAKE_INSTALL_FULL_DATADIR}/botsim/labs)
file(RELATIVE_PATH BOTSIM_DATA_TO_DOCS ${CMAKE_INSTALL_FULL_DATADIR}/botsim
     ${CMAKE_INSTALL_FULL_DOCDIR}/docs)
install(CODE "file(MAKE_DIRECTORY \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DOCDIR}\")
  file(CREATE_LINK \"${BOTSIM_DOC_TO_LABS}\"
       \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DOCDIR}/labs\" SYMBOLIC)
  file(CREATE_LINK \"${BOTSIM_DATA_TO_DOCS}\"
       \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DATADIR}/botsim/docs\" SYMBOLIC)")

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
# A build of the program alone (scripts/build botsim, as scripts/demo does) has no man page yet:
# the install writes it then, rather than failing half-way.
install(CODE "if(NOT EXISTS \"${BOTSIM_MAN_PAGE}\")
  execute_process(COMMAND \"${CMAKE_COMMAND}\" \"-DBOTSIM=$<TARGET_FILE:botsim>\"
                  \"-DOUT=${BOTSIM_MAN_PAGE}\" -P \"${PROJECT_SOURCE_DIR}/cmake/man_page.cmake\"
                  RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR \"could not write the man page ${BOTSIM_MAN_PAGE}\")
  endif()
endif()")
install(FILES ${BOTSIM_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

# The Debian package: cd build && cpack -G DEB writes botsim_<version>_<arch>.deb, which
# `apt install ./botsim_*.deb` installs into /usr with the Debian 12 libraries it needs.
# Depends come from the program's shared libraries (dpkg-shlibdeps, Debian's dpkg-dev; CPack
# also needs `file`): SimGrid, fmt, spdlog, Boost.Graph's, expat, the C++ runtime. gnuplot draws
# the figures, so it is recommended; GNU parallel and Slurm run a sweep's emitted jobs.
install(FILES ${PROJECT_SOURCE_DIR}/cmake/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
set(BOTSIM_PACKAGE_CONTACT "The botsim developers"
    CACHE STRING "The Debian package's Maintainer field")
set(CPACK_PACKAGE_NAME botsim)
set(CPACK_PACKAGE_VENDOR "The botsim developers")
set(CPACK_PACKAGE_CONTACT "${BOTSIM_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "simulator of bag-of-tasks scheduling and payment on grids and clouds (SimGrid)")
string(CONCAT CPACK_DEBIAN_PACKAGE_DESCRIPTION
       "botsim simulates how bag-of-tasks applications are scheduled and paid for on grids\n"
       "and clouds, on SimGrid's S4U API: the auction model of Sulistio and Buyya (2005),\n"
       "the host allocation of Silva, Veiga and Ferreira (2008), BaTS (Oprescu, Kielmann and\n"
       "Leahu 2011) and the agents of Gutierrez-Garcia and Sim (2012). It runs scenarios,\n"
       "reproduces each paper's evaluation, sweeps parameters, and draws figures and reports.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "gnuplot-nox | gnuplot")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "parallel, slurm-client, man-db, cmake, g++")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
include(CPack)
