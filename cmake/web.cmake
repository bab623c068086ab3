# The charting library of the report's interactive Gantt chart (docs/figures.md, "The
# interactive chart"): Apache ECharts from the npm registry, at the exact version web/'s
# package-lock.json pins, and the headless browser driver its test uses (playwright-core).
# `npm ci` runs in a copy of web/ in the build directory (never in the source tree); the
# minified library lands in BUILD/web/, where a botsim running from its build directory finds it
# (view/interactive_chart.cpp), and cmake --install puts it in share/botsim/web/ with its licence
# and notice. Without npm (or with -DBOTSIM_WEB=OFF, for a build with no network), botsim builds
# all the same and its pages say that the interactive chart needs the library.
option(BOTSIM_WEB "Install the report's charting library with npm (web/package-lock.json)" ON)
find_program(BOTSIM_NPM npm)
find_program(BOTSIM_NODE node)
set(BOTSIM_WEB_DIR ${PROJECT_BINARY_DIR}/web)
set(BOTSIM_CHART_LIBRARY ${BOTSIM_WEB_DIR}/echarts.min.js)
if(BOTSIM_WEB AND BOTSIM_NPM)
  set(web_source ${PROJECT_SOURCE_DIR}/web)
  set(echarts ${BOTSIM_WEB_DIR}/node_modules/echarts)
  file(MAKE_DIRECTORY ${BOTSIM_WEB_DIR})
  # npm ci again whenever the pinned versions change; offline from npm's cache when it has them.
  add_custom_command(
    OUTPUT ${BOTSIM_CHART_LIBRARY} ${BOTSIM_WEB_DIR}/echarts.LICENSE ${BOTSIM_WEB_DIR}/echarts.NOTICE
    COMMAND ${CMAKE_COMMAND} -E copy ${web_source}/package.json ${web_source}/package-lock.json
            ${BOTSIM_WEB_DIR}
    COMMAND ${BOTSIM_NPM} ci --no-audit --no-fund --loglevel=error
    COMMAND ${CMAKE_COMMAND} -E copy ${echarts}/dist/echarts.min.js ${BOTSIM_CHART_LIBRARY}
    COMMAND ${CMAKE_COMMAND} -E copy ${echarts}/LICENSE ${BOTSIM_WEB_DIR}/echarts.LICENSE
    COMMAND ${CMAKE_COMMAND} -E copy ${echarts}/NOTICE ${BOTSIM_WEB_DIR}/echarts.NOTICE
    WORKING_DIRECTORY ${BOTSIM_WEB_DIR}
    DEPENDS ${web_source}/package.json ${web_source}/package-lock.json
    COMMENT "npm ci: the report's charting library (web/package-lock.json)")
  add_custom_target(chart_library ALL DEPENDS ${BOTSIM_CHART_LIBRARY})
  # A build of the program alone (scripts/build botsim) has no library yet: the install gets it
  # then, as it writes the man page (cmake/install.cmake).
  install(CODE "execute_process(COMMAND \"${CMAKE_COMMAND}\" --build \"${PROJECT_BINARY_DIR}\"
                                --target chart_library RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR \"could not install the charting library (npm ci in ${BOTSIM_WEB_DIR})\")
endif()")
  install(FILES ${BOTSIM_CHART_LIBRARY} ${BOTSIM_WEB_DIR}/echarts.LICENSE
                ${BOTSIM_WEB_DIR}/echarts.NOTICE
          DESTINATION ${CMAKE_INSTALL_DATADIR}/botsim/web)
else()
  message(STATUS "npm not found (or BOTSIM_WEB off): report pages will have no interactive chart")
endif()
